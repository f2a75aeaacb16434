import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';

/** An incoming id is kept only if it is short and plain, so a client cannot inject log noise through it. */
const ACCEPTABLE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** pino-http's genReqId: reuse the caller's (or gateway's) id when sane, else mint one; echo it on the response. */
export function assignRequestId(req: IncomingMessage, res: ServerResponse): string {
  const incoming = req.headers[REQUEST_ID_HEADER];
  const id = typeof incoming === 'string' && ACCEPTABLE_ID.test(incoming) ? incoming : randomUUID();
  res.setHeader(REQUEST_ID_HEADER, id);
  return id;
}
