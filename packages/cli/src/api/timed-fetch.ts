/** A request whose server went silent for longer than the CLI's request timeout. */
export class RequestTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(
      `the server did not answer within ${timeoutMs / 1000} s of silence (--request-timeout, WAYMARK_REQUEST_TIMEOUT)`,
    );
    // The name of the error fetch rejects with on AbortSignal.timeout, so the SDK does not resend the request.
    this.name = 'TimeoutError';
  }
}

const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/**
 * A fetch that gives up when the server stays silent for `timeoutMs`: before its answer starts, or between two parts
 * of its body. A server that accepts the connection and says nothing must not hold a command (or a script running it)
 * for ever, while a large export zip on a slow link, arriving all the time, must still come through.
 */
export function timedFetch(timeoutMs: number, inner: typeof fetch = globalThis.fetch): typeof fetch {
  return async (input, init) => {
    const silence = new AbortController();
    let timer = setTimeout(() => silence.abort(), timeoutMs);
    const heard = () => {
      clearTimeout(timer);
      timer = setTimeout(() => silence.abort(), timeoutMs);
    };
    const caller = init?.signal ?? (input instanceof Request ? input.signal : undefined);
    const signal = caller ? AbortSignal.any([caller, silence.signal]) : silence.signal;
    try {
      const response = await inner(input, { ...init, signal });
      // Reading the body here keeps the timeout over it too; the answers of this CLI are small or a zip it keeps.
      const parts: Uint8Array[] = [];
      const reader = response.body?.getReader();
      for (;;) {
        heard();
        const part = reader ? await reader.read() : { done: true as const };
        if (part.done) break;
        parts.push(part.value);
      }
      return new Response(NULL_BODY_STATUSES.has(response.status) ? null : Buffer.concat(parts), response);
    } catch (error) {
      if (silence.signal.aborted) throw new RequestTimeoutError(timeoutMs);
      throw error;
    } finally {
      clearTimeout(timer);
    }
  };
}
