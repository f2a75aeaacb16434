import type { Express, RequestHandler } from 'express';

/** The parts of express 5's router (the `router` package) this reads; not in express's own typings. */
interface RouteLayer {
  route?: { _methods(): string[] };
  match(path: string): unknown;
}

/**
 * Runs after every route: a request that reached it matched no route for its method. When the path is served
 * with other methods, the answer is 405 with `Allow` (RFC 9110 15.5.6) instead of a 404 that reads as "no such
 * resource". Paths no route serves fall through to the 404.
 */
export function methodNotAllowed(app: Express): RequestHandler {
  return (req, res, next) => {
    const stack = ((app as unknown as { router?: { stack?: RouteLayer[] } }).router?.stack ?? []) as RouteLayer[];
    const allowed = new Set<string>();
    for (const layer of stack) {
      if (layer.route && layer.match(req.path)) for (const method of layer.route._methods()) allowed.add(method);
    }
    if (allowed.size === 0) {
      next();
      return;
    }
    res.set('Allow', [...allowed].sort().join(', '));
    res.status(405).json({
      error: `${req.method} is not allowed here; allowed: ${[...allowed].sort().join(', ')}`,
      code: 'method_not_allowed',
    });
  };
}
