/** A request the server did not finish answering within the CLI's request timeout. */
export class RequestTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`the server did not answer within ${timeoutMs / 1000} s (--request-timeout, WAYMARK_REQUEST_TIMEOUT)`);
    // The name of the error fetch rejects with on AbortSignal.timeout, so the SDK does not resend the request.
    this.name = 'TimeoutError';
  }
}

const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/**
 * A fetch that gives up when the answer, body included, has not arrived within `timeoutMs`: a server that accepts
 * the connection and stays silent must not hold a command (or a script running it) for ever.
 */
export function timedFetch(timeoutMs: number, inner: typeof fetch = globalThis.fetch): typeof fetch {
  return async (input, init) => {
    const timeout = AbortSignal.timeout(timeoutMs);
    const caller = init?.signal ?? (input instanceof Request ? input.signal : undefined);
    const signal = caller ? AbortSignal.any([caller, timeout]) : timeout;
    try {
      const response = await inner(input, { ...init, signal });
      // Reading the body here keeps the deadline over it too; the answers of this CLI are small or a zip it keeps.
      const body = await response.arrayBuffer();
      return new Response(NULL_BODY_STATUSES.has(response.status) ? null : body, response);
    } catch (error) {
      if (timeout.aborted) throw new RequestTimeoutError(timeoutMs);
      throw error;
    }
  };
}
