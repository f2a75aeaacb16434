import { randomUUID } from 'node:crypto';
import { retryAfterMs } from './retry-after';

export interface RetryOptions {
  /** Attempts in all, the first included (default 4); 1 turns retrying off. */
  attempts?: number;
  /** A `Retry-After` longer than this is not waited for: the 429/503 is returned (default 60 s). */
  maxDelayMs?: number;
  /** Backoff when the answer names no wait or the connection failed: doubled per attempt (default 500 ms). */
  baseDelayMs?: number;
}

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** Statuses the API answers when a request was not acted on and may be sent again: rate limited, or a dependency down. */
const RETRIABLE_STATUSES = new Set([429, 503]);
/** Methods safe to resend after a lost connection; POST joins them because it always carries an Idempotency-Key. */
const RESENDABLE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE', 'POST']);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A fetch that retries 429 and 503 after the `Retry-After` the server sent, and a lost connection after a backoff.
 * Every POST gets one `Idempotency-Key` (unless the caller set one) reused on each retry, so a retried create that
 * already succeeded returns the first answer instead of creating twice.
 */
export function retryingFetch(
  inner: typeof fetch,
  options: RetryOptions = {},
): (request: Request) => Promise<Response> {
  const attempts = Math.max(1, options.attempts ?? 4);
  const maxDelayMs = options.maxDelayMs ?? 60_000;
  const baseDelayMs = options.baseDelayMs ?? 500;
  return async (original) => {
    const request = withIdempotencyKey(original);
    for (let attempt = 1; ; attempt += 1) {
      const last = attempt >= attempts;
      let response: Response;
      try {
        response = await inner(request.clone());
      } catch (error) {
        if (last || !RESENDABLE_METHODS.has(request.method) || wasAborted(error)) throw error;
        await sleep(baseDelayMs * 2 ** (attempt - 1));
        continue;
      }
      if (last || !RETRIABLE_STATUSES.has(response.status)) return response;
      const wait = retryAfterMs(response.headers.get('retry-after')) ?? baseDelayMs * 2 ** (attempt - 1);
      if (wait > maxDelayMs) return response;
      await response.body?.cancel();
      await sleep(wait);
    }
  };
}

/** The caller's AbortSignal fired, or its timeout: the caller has given up, so the request is not resent. */
function wasAborted(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'AbortError' || name === 'TimeoutError';
}

function withIdempotencyKey(request: Request): Request {
  if (request.method !== 'POST' || request.headers.has(IDEMPOTENCY_KEY_HEADER)) return request;
  const headers = new Headers(request.headers);
  headers.set(IDEMPOTENCY_KEY_HEADER, randomUUID());
  return new Request(request, { headers });
}
