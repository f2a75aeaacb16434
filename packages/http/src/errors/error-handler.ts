import type { ErrorRequestHandler, RequestHandler } from 'express';
import { isDomainError } from './domain-error-like';
import { mapError } from './error-mapping';

/** Express's final error middleware: maps, logs unexpected errors with the request id, never sends a stack. */
export const errorHandler: ErrorRequestHandler = (err, req, res, next) => {
  const mapped = mapError(err);
  if (mapped.unexpected) req.log.error({ err }, 'unhandled error');
  else if (mapped.body.code === 'unavailable' && !isDomainError(err))
    req.log.warn({ err }, 'a dependency is unreachable; answered 503');
  if (res.headersSent) {
    // Too late for a JSON body; express's default handler aborts the connection so the client sees a failure.
    next(err);
    return;
  }
  if (mapped.retryAfterSeconds !== undefined) res.set('Retry-After', String(mapped.retryAfterSeconds));
  // RFC 9110 11.6.1: a 401 names the scheme that would succeed (the API key as a bearer token).
  if (mapped.status === 401) res.set('WWW-Authenticate', 'Bearer realm="waymark"');
  res.status(mapped.status).json(mapped.body);
};

export const notFoundHandler: RequestHandler = (_req, res) => {
  res.status(404).json({ error: 'Not found', code: 'not_found' });
};
