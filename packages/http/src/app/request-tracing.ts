import type { IncomingHttpHeaders } from 'node:http';
import type { RequestHandler } from 'express';
import {
  context,
  contextFromHeaders,
  isTracingOn,
  SpanKind,
  SpanStatusCode,
  trace,
  waymarkTracer,
} from '@waymark/tracing';

/**
 * A SERVER span per request, continuing the caller's trace from its `traceparent` header and active while the
 * request is served, so what the handlers publish (outbox rows, events) joins the same trace. Named by the route
 * that matched (`POST /v1/links`) once the response is done. With tracing off it only calls next().
 */
export function requestTracing(service: string): RequestHandler {
  return (req, res, next) => {
    if (!isTracingOn()) {
      next();
      return;
    }
    const parent = contextFromHeaders(headerStrings(req.headers));
    const attributes = { 'http.request.method': req.method, 'url.path': req.path, 'waymark.service': service };
    const span = waymarkTracer().startSpan(req.method, { kind: SpanKind.SERVER, attributes }, parent);
    res.once('close', () => {
      const route = (req.route as { path?: unknown } | undefined)?.path;
      if (typeof route === 'string') {
        span.updateName(`${req.method} ${req.baseUrl}${route}`);
        span.setAttribute('http.route', `${req.baseUrl}${route}`);
      }
      span.setAttribute('http.response.status_code', res.statusCode);
      if (res.statusCode >= 500 || !res.writableFinished) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    });
    const active = trace.setSpan(parent, span);
    // Body parsing resumes the chain from the request's stream events, which run outside this call: bound to the
    // span's context, their listeners (and so the handlers after them) run in it too.
    context.bind(active, req);
    context.bind(active, res);
    context.with(active, next);
  };
}

/** Node joins repeated headers into arrays for a few names only; trace headers are single values. */
function headerStrings(headers: IncomingHttpHeaders): Record<string, string | undefined> {
  return { traceparent: one(headers.traceparent), tracestate: one(headers.tracestate) };
}

function one(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
