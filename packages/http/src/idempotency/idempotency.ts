import { createHash } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import type { Authenticator } from '../tsoa/authenticator';
import type { IdempotencyStore } from './idempotency-store';
import { openResponse, sealResponse, type ReplayableResponse } from './response-seal';

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';

const ACCEPTABLE_KEY = /^[\x21-\x7e]{1,255}$/;
/** Headers a replay repeats; the rest (request id, rate limit) describe the new request. */
const REPLAYED_HEADERS = ['content-type', 'location', 'etag', 'retry-after'];

/** Who made an authenticated request, as far as its Idempotency-Key is concerned. */
export interface IdempotencyCaller {
  readonly tenantId: string;
  /** Names the credential (the API key's hash): a key's answer is replayed to that credential only. */
  readonly credentialId: string;
  /** The credential itself, presented on every request: the kept answer is sealed with a key derived from it. */
  readonly secret: string;
}

export interface IdempotencyOptions {
  readonly store: IdempotencyStore;
  /** The caller behind an authenticated request's principal; undefined (an operator) leaves the request untracked. */
  callerOf(req: Request, principal: unknown): IdempotencyCaller | undefined;
  readonly clock?: () => Date;
}

/**
 * Refuses a malformed `Idempotency-Key` on POST before anything else runs; the key itself is honoured only once the
 * request is authenticated (`idempotentAuthenticator`).
 */
export const idempotencyKeyFormat: RequestHandler = (req, res, next) => {
  const key = req.headers[IDEMPOTENCY_KEY_HEADER];
  if (req.method !== 'POST' || key === undefined || (typeof key === 'string' && ACCEPTABLE_KEY.test(key))) {
    next();
    return;
  }
  res
    .status(400)
    .json({ error: 'Idempotency-Key must be 1 to 255 visible ASCII characters', code: 'validation_failed' });
};

/**
 * `Idempotency-Key` on POST (draft-ietf-httpapi-idempotency-key-header), as a step of authentication: the request's
 * key, rate limit and scopes are checked first (a revoked or read-only key, or one over its rate limit, never sees a
 * replay), then the first request with a key runs and its answer is kept for 24 h, bound to the API key that sent it;
 * the same key with the same body from the same API key replays that answer with `Idempotent-Replayed: true`; the
 * same key with another body, or from another API key of the tenant, is 422; while the first is still running, 409.
 * Answers worth retrying (429, 5xx) free the key instead of being kept. Requests without the header are not affected.
 * A replay or a refusal is answered here; tsoa then sees the response ended and runs no handler.
 */
export function idempotentAuthenticator(inner: Authenticator, options: IdempotencyOptions): Authenticator {
  const clock = options.clock ?? (() => new Date());
  return {
    async authenticate(req, securityName, scopes) {
      const principal = await inner.authenticate(req, securityName, scopes);
      const key = req.headers[IDEMPOTENCY_KEY_HEADER];
      const res = req.res;
      if (req.method !== 'POST' || typeof key !== 'string' || !res) return principal;
      const caller = options.callerOf(req, principal);
      if (caller === undefined) return principal;
      const fingerprint = createHash('sha256')
        .update(`${req.method} ${req.originalUrl}\n${JSON.stringify(req.body ?? null)}`)
        .digest('hex');
      const { tenantId, credentialId } = caller;
      const claim = await options.store.claim({ tenantId, key, credentialId, fingerprint, now: clock() });
      const context = `${tenantId}\n${key}`;
      if (claim.outcome === 'claimed') {
        keepOutcome(res, options.store, caller, key, req);
      } else if (claim.outcome === 'replay') {
        replay(res, claim.response.status, openResponse(caller.secret, context, claim.response.sealed));
      } else if (claim.outcome === 'in_progress') {
        res.status(409).json({
          error: 'A request with this Idempotency-Key is still being processed; retry shortly',
          code: 'conflict',
        });
      } else {
        const by = claim.outcome === 'other_credential' ? 'by another API key' : 'with a different request';
        res.status(422).json({ error: `This Idempotency-Key was used ${by}`, code: 'idempotency_key_reused' });
      }
      return principal;
    },
  };
}

function replay(res: Response, status: number, stored: ReplayableResponse): void {
  res.set(stored.headers).set(REPLAYED_HEADER, 'true').status(status).send(stored.body);
}

/**
 * Keeps the answer before it is sent, so a retry that follows the response always finds it (never a 409); answers
 * worth retrying free the key instead. A handler that ends without `send` (a stream, an aborted request) frees it.
 */
function keepOutcome(res: Response, store: IdempotencyStore, caller: IdempotencyCaller, key: string, req: Request) {
  const { tenantId } = caller;
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
      : store.complete(tenantId, key, {
          status: res.statusCode,
          sealed: sealResponse(caller.secret, `${tenantId}\n${key}`, { headers, body }),
        });
    kept
      .catch((err: unknown) => req.log?.warn({ err }, 'idempotency key outcome not stored'))
      .finally(() => send(chunk));
    return res;
  }) as Response['send'];
  res.on('close', () => {
    if (!settled) store.release(tenantId, key).catch(() => undefined);
  });
}
