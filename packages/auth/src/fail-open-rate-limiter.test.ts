import { createLogger } from '@waymark/logging';
import type { RateLimiter } from '@waymark/cache';
import { FailOpenRateLimiter } from './fail-open-rate-limiter';

const logger = createLogger({ service: 'test', level: 'silent' });
const policy = { limit: 5, windowMs: 1000 };

describe('FailOpenRateLimiter', () => {
  it('passes decisions of a healthy limiter through', async () => {
    const inner: RateLimiter = {
      consume: async () => ({ allowed: false, limit: 5, remaining: 0, resetMs: 10, retryAfterMs: 10 }),
    };
    await expect(new FailOpenRateLimiter(inner, { logger }).consume('k', policy)).resolves.toMatchObject({
      allowed: false,
    });
  });

  it('lets the request through when the limiter fails', async () => {
    const inner: RateLimiter = { consume: async () => Promise.reject(new Error('ECONNREFUSED')) };
    await expect(new FailOpenRateLimiter(inner, { logger }).consume('k', policy)).resolves.toMatchObject({
      allowed: true,
      limit: 5,
    });
  });

  it('lets the request through when the limiter hangs past the deadline', async () => {
    const inner: RateLimiter = { consume: () => new Promise(() => undefined) };
    const started = Date.now();
    await expect(new FailOpenRateLimiter(inner, { logger, timeoutMs: 30 }).consume('k', policy)).resolves.toMatchObject(
      { allowed: true },
    );
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
