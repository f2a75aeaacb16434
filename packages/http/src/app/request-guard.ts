import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import { InvalidInputError } from '../errors/invalid-input-error';

/** Headers that carry the API key: with two of them, which one authenticates would be a guess. */
const CREDENTIAL_HEADERS = ['authorization', 'x-api-key'];

/**
 * The credential header a request sends more than once, if any. Every server that forwards or authenticates asks
 * this of the raw request: node keeps only the first `Authorization` in `req.headers`, so a proxy that forwards
 * `req.headers` (the embedded gateway) would hide the second from the service behind it.
 */
export function repeatedCredentialHeader(req: Pick<IncomingMessage, 'headersDistinct'>): string | undefined {
  return CREDENTIAL_HEADERS.find((name) => (req.headersDistinct[name]?.length ?? 0) > 1);
}

/**
 * Refuses, before routing and authentication, what no endpoint accepts and what would otherwise reach a handler
 * as a server fault: a NUL byte anywhere in the path or query (PostgreSQL refuses it in text: error 22021), and a
 * credential header sent twice (node keeps the first `Authorization` silently and joins two `x-api-key`s).
 */
export const requestGuard: RequestHandler = (req, _res, next) => {
  if (/%00/.test(req.url)) {
    next(new InvalidInputError([{ path: 'url', message: 'must not contain a NUL byte (%00)' }]));
    return;
  }
  const repeated = repeatedCredentialHeader(req);
  if (repeated !== undefined) {
    next(new InvalidInputError([{ path: `headers.${repeated}`, message: 'must be sent once' }]));
    return;
  }
  next();
};
