import type { RateLimitDecision, RateLimitPolicy, RateLimiter } from '@waymark/cache';
import type { Logger } from '@waymark/logging';

export interface FailOpenOptions {
  logger: Logger;
  /** How long a decision may take before the request is let through. Default 250 ms. */
  timeoutMs?: number;
  /** At most one warning per this interval while the store is failing. Default 10 s. */
  warnEveryMs?: number;
}

/**
 * Decision: when the rate limit store (Redis) is down or slow, requests pass and a warning is logged. An outage of
 * a limiter must not become an outage of the API; the cost is that limits are not enforced meanwhile.
 */
export class FailOpenRateLimiter implements RateLimiter {
  private lastWarning = 0;
  private readonly timeoutMs: number;
  private readonly warnEveryMs: number;

  constructor(
    private readonly inner: RateLimiter,
    private readonly options: FailOpenOptions,
  ) {
    this.timeoutMs = options.timeoutMs ?? 250;
    this.warnEveryMs = options.warnEveryMs ?? 10_000;
  }

  async consume(key: string, policy: RateLimitPolicy, cost = 1): Promise<RateLimitDecision> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new Error(`rate limiter did not answer within ${this.timeoutMs} ms`)),
        this.timeoutMs,
      );
    });
    try {
      return await Promise.race([this.inner.consume(key, policy, cost), deadline]);
    } catch (error) {
      this.warn(error);
      return { allowed: true, limit: policy.limit, remaining: policy.limit, resetMs: 0, retryAfterMs: 0 };
    } finally {
      clearTimeout(timer);
    }
  }

  private warn(error: unknown): void {
    const now = Date.now();
    if (now - this.lastWarning < this.warnEveryMs) return;
    this.lastWarning = now;
    this.options.logger.warn({ err: error }, 'rate limiter unavailable; letting requests through (fail open)');
  }
}
