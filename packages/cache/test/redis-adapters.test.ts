import { Redis } from 'ioredis';
import { getTestInfra, startRedis, uniqueName } from '@waymark/testkit';
import { RedisKeyValueCache, RedisRateLimiter } from '../src';
import { describeKeyValueCacheContract } from './key-value-cache.contract';
import { describeRateLimiterContract } from './rate-limiter.contract';

const redisUrl = () => getTestInfra().redis.url;

describeKeyValueCacheContract('redis (ioredis)', async () => {
  const cache = new RedisKeyValueCache({ redis: new Redis(redisUrl()), keyPrefix: `${uniqueName('kv')}:` });
  return { cache, cleanup: () => cache.close() };
});

describeRateLimiterContract('redis (Lua GCRA)', async () => {
  const prefix = `${uniqueName('rl')}:`;
  const [a, b] = [new Redis(redisUrl()), new Redis(redisUrl())];
  return {
    first: new RedisRateLimiter({ redis: a, keyPrefix: prefix }),
    second: new RedisRateLimiter({ redis: b, keyPrefix: prefix }),
    cleanup: async () => {
      await Promise.all([a.quit(), b.quit()]);
    },
  };
});

describe('RedisRateLimiter', () => {
  it('keeps working after Redis forgets its scripts (EVALSHA falls back to EVAL on NOSCRIPT)', async () => {
    const redis = new Redis(redisUrl());
    const admin = new Redis(redisUrl());
    try {
      const limiter = new RedisRateLimiter({ redis, keyPrefix: `${uniqueName('noscript')}:` });
      const policy = { limit: 3, windowMs: 60_000 };
      expect(await limiter.consume('k', policy)).toMatchObject({ allowed: true, remaining: 2 });
      await admin.script('FLUSH');
      expect(await limiter.consume('k', policy)).toMatchObject({ allowed: true, remaining: 1 });
    } finally {
      await Promise.all([redis.quit(), admin.quit()]);
    }
  });
});

describe('RedisKeyValueCache health', () => {
  it('reports unhealthy while Redis does not answer, and healthy again once it does', async () => {
    const server = await startRedis();
    const cache = new RedisKeyValueCache({ redis: new Redis(server.url), healthTimeoutMs: 300 });
    try {
      expect(await cache.healthy()).toBe(true);
      await server.pause();
      expect(await cache.healthy()).toBe(false);
      await server.resume();
      expect(await cache.healthy()).toBe(true);
    } finally {
      await cache.close();
      await server.stop();
    }
  });
});
