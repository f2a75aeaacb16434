import type { Redis } from 'ioredis';
import { GCRA_EPSILON, gcraParams } from './gcra';
import { GCRA_LUA } from './gcra-script';
import type { RateLimitDecision, RateLimitPolicy, RateLimiter } from './ports';

type GcraReply = [number, number, number, number];
type RedisWithGcra = Redis & {
  waymarkGcra(key: string, emissionMs: number, toleranceMs: number, cost: number, epsilon: number): Promise<GcraReply>;
};

export interface RedisRateLimiterOptions {
  redis: Redis;
  /** Namespace of the limiter's keys. Default `rl:`. */
  keyPrefix?: string;
}

/**
 * GCRA in Redis. ioredis' defineCommand sends EVALSHA and falls back to EVAL on NOSCRIPT (after a Redis restart
 * or SCRIPT FLUSH), so the script body crosses the wire only when Redis lacks it.
 */
export class RedisRateLimiter implements RateLimiter {
  private readonly redis: RedisWithGcra;
  private readonly keyPrefix: string;

  constructor(options: RedisRateLimiterOptions) {
    if (!('waymarkGcra' in options.redis)) {
      options.redis.defineCommand('waymarkGcra', { numberOfKeys: 1, lua: GCRA_LUA });
    }
    this.redis = options.redis as RedisWithGcra;
    this.keyPrefix = options.keyPrefix ?? 'rl:';
  }

  async consume(key: string, policy: RateLimitPolicy, cost = 1): Promise<RateLimitDecision> {
    const params = gcraParams(policy, cost);
    const [allowed, remaining, resetMs, retryAfterMs] = await this.redis.waymarkGcra(
      this.keyPrefix + key,
      params.emissionMs,
      params.toleranceMs,
      params.cost,
      GCRA_EPSILON,
    );
    return { allowed: allowed === 1, limit: params.limit, remaining, resetMs, retryAfterMs };
  }
}
