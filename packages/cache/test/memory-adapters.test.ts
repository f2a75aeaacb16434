import { MemoryKeyValueCache, MemoryRateLimiter } from '../src';
import { describeKeyValueCacheContract } from './key-value-cache.contract';
import { describeRateLimiterContract } from './rate-limiter.contract';

describeKeyValueCacheContract('in-process', async () => {
  const cache = new MemoryKeyValueCache();
  return { cache, cleanup: () => cache.close() };
});

describeRateLimiterContract('in-process', async () => {
  // In one process there is one limiter; "two clients" are two callers of it.
  const limiter = new MemoryRateLimiter();
  return { first: limiter, second: limiter, cleanup: async () => undefined };
});

describe('MemoryKeyValueCache', () => {
  it('evicts the oldest-written entries beyond maxEntries', async () => {
    const cache = new MemoryKeyValueCache({ maxEntries: 2 });
    await cache.set('a', '1');
    await cache.set('b', '2');
    await cache.set('a', '1again');
    await cache.set('c', '3');
    expect(await cache.getMany(['a', 'b', 'c'])).toEqual(['1again', null, '3']);
  });
});
