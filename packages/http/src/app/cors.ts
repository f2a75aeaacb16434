import type { RequestHandler } from 'express';

/** What a browser client may send and read; every header the API defines or answers with. */
const ALLOWED_HEADERS = 'authorization, content-type, x-api-key, if-match, idempotency-key, x-request-id';
const EXPOSED_HEADERS = 'ETag, Location, RateLimit, RateLimit-Policy, Retry-After, x-request-id';
const ALLOWED_METHODS = 'GET, POST, PATCH, PUT, DELETE';
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/**
 * CORS for browser clients of the API, for exactly the origins the operator lists (none by default, so a browser
 * on another site gets no access). A listed origin is echoed back (never `*`, which would also allow every other
 * site once a key leaks into a page); requests from other origins get no CORS headers and the browser refuses them.
 */
export function cors(allowedOrigins: readonly string[]): RequestHandler {
  const allowed = new Set(allowedOrigins);
  return (req, res, next) => {
    const origin = req.headers.origin;
    if (allowed.size === 0 || origin === undefined || !allowed.has(origin)) {
      next();
      return;
    }
    res.vary('Origin');
    res.set('Access-Control-Allow-Origin', origin);
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined) {
      res.set({
        'Access-Control-Allow-Methods': ALLOWED_METHODS,
        'Access-Control-Allow-Headers': ALLOWED_HEADERS,
        'Access-Control-Max-Age': String(PREFLIGHT_MAX_AGE_SECONDS),
      });
      res.status(204).end();
      return;
    }
    res.set('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    next();
  };
}
