import { uniqueName, waitFor } from '@waymark/testkit';
import type { RateLimiter } from '../src';

export interface RateLimiterFixture {
  /** Two limiters that share one store, as two instances of a service share one Redis. */
  first: RateLimiter;
  second: RateLimiter;
  cleanup(): Promise<void>;
}

/** Behaviour every RateLimiter adapter must show, with the real clock of its store. */
export function describeRateLimiterContract(name: string, create: () => Promise<RateLimiterFixture>): void {
  describe(`RateLimiter contract: ${name}`, () => {
    let fixture: RateLimiterFixture;
    let limiter: RateLimiter;
    // One request per 2 s steady rate, burst 5: every assertion below has ~2 s of slack against a slow machine.
    const slow = { limit: 5, windowMs: 10_000 };

    beforeEach(async () => {
      fixture = await create();
      limiter = fixture.first;
    });
    afterEach(() => fixture.cleanup());

    it('lets a burst of `limit` through, counting remaining down, then refuses with when to retry', async () => {
      const key = uniqueName('burst');
      const started = Date.now();
      const passed = [];
      for (let i = 0; i < 5; i += 1) passed.push(await limiter.consume(key, slow));
      const refused = await limiter.consume(key, slow);
      const elapsed = Date.now() - started;

      expect(passed.map((d) => [d.allowed, d.remaining, d.retryAfterMs, d.limit])).toEqual(
        [4, 3, 2, 1, 0].map((remaining) => [true, remaining, 0, 5]),
      );
      expect(passed[0]?.resetMs).toBeGreaterThan(2000 - elapsed - 2);
      expect(passed[0]?.resetMs).toBeLessThanOrEqual(2000);
      expect(refused.allowed).toBe(false);
      expect(refused.remaining).toBe(0);
      expect(refused.retryAfterMs).toBeGreaterThan(2000 - elapsed - 2);
      expect(refused.retryAfterMs).toBeLessThanOrEqual(2000);
      expect(refused.resetMs).toBeGreaterThan(10_000 - elapsed - 2);
      expect(refused.resetMs).toBeLessThanOrEqual(10_000);
    });

    it('lets the next request through once retryAfterMs has passed, not before', async () => {
      const key = uniqueName('retry');
      const fast = { limit: 2, windowMs: 300 };
      await limiter.consume(key, fast);
      await limiter.consume(key, fast);
      const refusedAt = Date.now();
      const refused = await limiter.consume(key, fast);
      expect(refused.allowed).toBe(false);
      await waitFor(async () => (await limiter.consume(key, fast)).allowed, { timeoutMs: 3000, intervalMs: 5 });
      // Refused requests change nothing, so polling does not push the retry time back.
      expect(Date.now() - refusedAt).toBeGreaterThanOrEqual(refused.retryAfterMs - 5);
    });

    it('charges a request its cost and refuses one that does not fit the remaining quota', async () => {
      const key = uniqueName('cost');
      const policy = { limit: 10, windowMs: 20_000 };
      expect(await limiter.consume(key, policy, 4)).toMatchObject({ allowed: true, remaining: 6 });
      expect(await limiter.consume(key, policy, 7)).toMatchObject({ allowed: false, remaining: 6 });
      expect(await limiter.consume(key, policy, 6)).toMatchObject({ allowed: true, remaining: 0 });
    });

    it('keeps separate quotas per key', async () => {
      const [a, b] = [uniqueName('key-a'), uniqueName('key-b')];
      for (let i = 0; i < 5; i += 1) await limiter.consume(a, slow);
      expect((await limiter.consume(a, slow)).allowed).toBe(false);
      expect(await limiter.consume(b, slow)).toMatchObject({ allowed: true, remaining: 4 });
    });

    it('shares one limit between two clients of the same store', async () => {
      const key = uniqueName('shared');
      for (let i = 0; i < 3; i += 1) await fixture.first.consume(key, slow);
      expect(await fixture.second.consume(key, slow)).toMatchObject({ allowed: true, remaining: 1 });
      expect(await fixture.second.consume(key, slow)).toMatchObject({ allowed: true, remaining: 0 });
      expect((await fixture.first.consume(key, slow)).allowed).toBe(false);
    });

    it('never admits more than the burst under concurrent requests', async () => {
      const key = uniqueName('race');
      const policy = { limit: 10, windowMs: 60_000 };
      const decisions = await Promise.all(
        Array.from({ length: 30 }, (_, i) => (i % 2 ? fixture.first : fixture.second).consume(key, policy)),
      );
      expect(decisions.filter((d) => d.allowed)).toHaveLength(10);
    });

    it('refuses a cost larger than the burst, which could never pass', async () => {
      await expect(limiter.consume(uniqueName('too-big'), slow, 6)).rejects.toThrow(RangeError);
    });
  });
}
