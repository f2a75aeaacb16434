import { createHash } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import type { IdempotencyStore, StoredResponse } from './idempotency-store';

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';

const ACCEPTABLE_KEY = /^[\x21-\x7e]{1,255}$/;
/** Headers a replay repeats; the rest (request id, rate limit) describe the new request. */
const REPLAYED_HEADERS = ['content-type', 'location', 'etag', 'retry-after'];

export interface IdempotencyOptions {
  readonly store: IdempotencyStore;
  /** The tenant the request's API key belongs to, or undefined when it has none (it will be refused as 401). */
  tenantOf(req: Request): Promise<string | undefined>;
  readonly clock?: () => Date;
}

/**
 * `Idempotency-Key` on POST (draft-ietf-httpapi-idempotency-key-header): the first request with a key runs and its
 * answer is kept for 24 h; the same key with the same body replays that answer with `Idempotent-Replayed: true`; the
 * same key with another body is 422; while the first is still running, 409. Answers worth retrying (429, 5xx) free
 * the key instead of being kept. Requests without the header are not affected.
 */
export function idempotency(options: IdempotencyOptions): RequestHandler {
  const clock = options.clock ?? (() => new Date());
  return async (req, res, next) => {
    const key = req.headers[IDEMPOTENCY_KEY_HEADER];
    if (req.method !== 'POST' || key === undefined) return next();
    try {
      if (typeof key !== 'string' || !ACCEPTABLE_KEY.test(key)) {
        res
          .status(400)
          .json({ error: 'Idempotency-Key must be 1 to 255 visible ASCII characters', code: 'validation_failed' });
        return;
      }
      const tenantId = await options.tenantOf(req);
      if (tenantId === undefined) return next();
      const fingerprint = createHash('sha256')
        .update(`${req.method} ${req.originalUrl}\n${JSON.stringify(req.body ?? null)}`)
        .digest('hex');
      const claim = await options.store.claim(tenantId, key, fingerprint, clock());
      if (claim.outcome === 'mismatch') {
        res
          .status(422)
          .json({ error: 'This Idempotency-Key was used with a different request', code: 'idempotency_key_reused' });
      } else if (claim.outcome === 'in_progress') {
        res.status(409).json({
          error: 'A request with this Idempotency-Key is still being processed; retry shortly',
          code: 'conflict',
        });
      } else if (claim.outcome === 'replay') {
        replay(res, claim.response);
      } else {
        keepOutcome(res, options.store, tenantId, key, req);
        next();
      }
    } catch (error) {
      next(error);
    }
  };
}

function replay(res: Response, stored: StoredResponse): void {
  res.set(stored.headers).set(REPLAYED_HEADER, 'true').status(stored.status).send(stored.body);
}

/**
 * Keeps the answer before it is sent, so a retry that follows the response always finds it (never a 409); answers
 * worth retrying free the key instead. A handler that ends without `send` (a stream, an aborted request) frees it.
 */
function keepOutcome(res: Response, store: IdempotencyStore, tenantId: string, key: string, req: Request): void {
  const send = res.send.bind(res);
  let settled = false;
  res.send = ((chunk?: unknown) => {
    if (settled) return send(chunk);
    settled = true;
    const body = typeof chunk === 'string' ? chunk : Buffer.isBuffer(chunk) ? chunk.toString('utf8') : '';
    const retryable = res.statusCode === 429 || res.statusCode >= 500;
    const headers = Object.fromEntries(
      REPLAYED_HEADERS.flatMap((name) => (res.get(name) === undefined ? [] : [[name, String(res.get(name))]])),
    );
    const kept = retryable
      ? store.release(tenantId, key)
      : store.complete(tenantId, key, { status: res.statusCode, headers, body });
    kept
      .catch((err: unknown) => req.log?.warn({ err }, 'idempotency key outcome not stored'))
      .finally(() => send(chunk));
    return res;
  }) as Response['send'];
  res.on('close', () => {
    if (!settled) store.release(tenantId, key).catch(() => undefined);
  });
}
