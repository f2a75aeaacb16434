import Redis from 'ioredis';
import { getTestInfra, startRedis, uniqueName, waitFor } from '../src';

describe('the shared Redis', () => {
  it('stores and returns a value', async () => {
    const redis = new Redis(getTestInfra().redis.url);
    try {
      const key = `${uniqueName('testkit')}:greeting`;
      await redis.set(key, 'hello', 'EX', 60);
      expect(await redis.get(key)).toBe('hello');
    } finally {
      redis.disconnect();
    }
  });
});

describe('a private Redis', () => {
  it('stops answering while paused and answers again after resuming', async () => {
    const server = await startRedis();
    const redis = new Redis(server.url, { commandTimeout: 300, maxRetriesPerRequest: 0 });
    try {
      await redis.set('k', 'v');
      await server.pause();
      await expect(redis.get('k')).rejects.toThrow(/timed out/i);
      await server.resume();
      expect(await waitFor(() => redis.get('k'), { message: 'redis to answer after resume' })).toBe('v');
    } finally {
      redis.disconnect();
      await server.stop();
    }
  });
});
