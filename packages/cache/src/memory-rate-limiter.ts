import { gcra, gcraParams } from './gcra';
import type { RateLimitDecision, RateLimitPolicy, RateLimiter } from './ports';

export interface MemoryRateLimiterOptions {
  /** Epoch ms; injectable so rules can be tested with a fake clock. */
  clock?: () => number;
}

/** GCRA in process memory for the embedded mode (one process, so one instance is the whole limit). */
export class MemoryRateLimiter implements RateLimiter {
  private readonly tats = new Map<string, number>();
  private readonly clock: () => number;
  private calls = 0;

  constructor(options: MemoryRateLimiterOptions = {}) {
    this.clock = options.clock ?? Date.now;
  }

  async consume(key: string, policy: RateLimitPolicy, cost = 1): Promise<RateLimitDecision> {
    const params = gcraParams(policy, cost);
    const now = this.clock();
    const outcome = gcra(this.tats.get(key), now, params);
    if (outcome.newTatMs !== undefined) this.tats.set(key, outcome.newTatMs);
    if (++this.calls % 1024 === 0) this.forgetIdle(now);
    return outcome.decision;
  }

  /** A key whose TAT is in the past has its full quota back: it carries no state worth keeping (Redis expires it). */
  private forgetIdle(now: number): void {
    for (const [key, tat] of this.tats) if (tat <= now) this.tats.delete(key);
  }
}
