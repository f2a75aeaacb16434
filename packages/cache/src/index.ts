export * from './ports';
export { gcra, gcraParams, type GcraOutcome, type GcraParams } from './gcra';
export { MemoryKeyValueCache, type MemoryKeyValueCacheOptions } from './memory-key-value-cache';
export { MemoryRateLimiter, type MemoryRateLimiterOptions } from './memory-rate-limiter';
export { RedisKeyValueCache, type RedisKeyValueCacheOptions } from './redis-key-value-cache';
export { RedisRateLimiter, type RedisRateLimiterOptions } from './redis-rate-limiter';
export { openRedis, type RedisErrorLog } from './open-redis';
