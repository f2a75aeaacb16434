/** Shared key/value cache: Redis (ioredis) in production, in-process when embedded. Values are strings. */
export interface KeyValueCache {
  get(key: string): Promise<string | null>;
  getMany(keys: string[]): Promise<(string | null)[]>;
  set(key: string, value: string, ttlMs?: number): Promise<void>;
  del(key: string): Promise<void>;
  healthy(): Promise<boolean>;
  close(): Promise<void>;
}

export interface RateLimitPolicy {
  /** Requests allowed per window. */
  limit: number;
  windowMs: number;
  /** Extra requests allowed at once on top of the steady rate (GCRA burst). Defaults to limit. */
  burst?: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Ms until the quota is fully restored. */
  resetMs: number;
  /** Ms to wait before the next request may pass; 0 when allowed. */
  retryAfterMs: number;
}

/** Atomic across every instance that shares the store (a Lua script in Redis). */
export interface RateLimiter {
  consume(key: string, policy: RateLimitPolicy, cost?: number): Promise<RateLimitDecision>;
}
