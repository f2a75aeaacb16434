import type { Request, RequestHandler } from 'express';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';

export const HTTP_DURATION_METRIC = 'http_request_duration_seconds';

export interface HttpMetrics {
  readonly registry: Registry;
  /** Times every request; labels by route template (never the raw path, which would explode cardinality). */
  readonly middleware: RequestHandler;
  readonly handler: RequestHandler;
}

/**
 * Default process metrics plus the request duration histogram on `registry`. A registry per app (not prom-client's
 * global one) lets the embedded mode run six services in one process without metric name clashes.
 */
export function createHttpMetrics(service: string, registry: Registry = new Registry()): HttpMetrics {
  registry.setDefaultLabels({ service });
  if (!registry.getSingleMetric('process_cpu_user_seconds_total')) collectDefaultMetrics({ register: registry });
  const duration =
    (registry.getSingleMetric(HTTP_DURATION_METRIC) as Histogram<'route' | 'method' | 'status_code'> | undefined) ??
    new Histogram({
      name: HTTP_DURATION_METRIC,
      help: 'HTTP request duration in seconds, by route template, method and status code',
      labelNames: ['route', 'method', 'status_code'] as const,
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });

  const middleware: RequestHandler = (req, res, next) => {
    const stop = duration.startTimer();
    res.once('close', () =>
      stop({ route: routeTemplate(req), method: req.method, status_code: String(res.statusCode) }),
    );
    next();
  };

  const handler: RequestHandler = async (_req, res) => {
    res.type(registry.contentType).send(await registry.metrics());
  };

  return { registry, middleware, handler };
}

function routeTemplate(req: Request): string {
  const route = req.route as { path?: unknown } | undefined;
  return typeof route?.path === 'string' ? `${req.baseUrl}${route.path}` : 'unmatched';
}
