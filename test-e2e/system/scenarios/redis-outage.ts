import { waitFor } from '@waymark/testkit';
import type { System } from '../support/system';
import { onboardTenant, type Tenant } from '../support/tenant';
import { visit } from '../support/visitor';
import { waitForRedirect } from '../support/visits';

const BURST_PLUS = 40; // the free plan allows a burst of 20 requests

/** Redis taken away (every connection reset, as when the server stops): visitors and the API keep working. */
export function redisOutage(system: () => System): void {
  describe('fault: Redis stopped', () => {
    let tenant: Tenant;
    beforeAll(async () => {
      tenant = await onboardTenant(system(), { plan: 'free' });
      const created = await tenant.api.call('POST', '/v1/links', {
        destination: 'https://example.com/redis',
        code: 'cache',
      });
      expect(created.status).toBe(201);
      await waitForRedirect(system(), tenant.domain, '/cache', 'https://example.com/redis');
    }, 60_000);

    afterAll(() => system().redisProxy.setMode('pass'));

    const burst = async () => {
      const replies = await Promise.all(
        Array.from({ length: BURST_PLUS }, () => tenant.api.call('GET', '/v1/links?limit=1')),
      );
      return replies.map((r) => r.status);
    };

    it('limits a burst while Redis is up', async () => {
      const statuses = await burst();
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
      expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
    });

    it('keeps redirecting and fails open on rate limits while Redis is down (docs/decisions.md)', async () => {
      system().redisProxy.setMode('reset');
      for (let i = 0; i < 10; i += 1) {
        const answer = await visit(system().gateway.port, tenant.domain, '/cache');
        expect({ status: answer.status, location: answer.location }).toEqual({
          status: 302,
          location: 'https://example.com/redis',
        });
      }
      // The bucket of the burst above lives in Redis; without it every request passes (fail open), none is a 5xx.
      const statuses = await waitFor(
        async () => {
          const s = await burst();
          return s.every((status) => status === 200) && s;
        },
        { timeoutMs: 15_000, intervalMs: 250, message: 'the API to fail open without Redis' },
      );
      expect(statuses).toHaveLength(BURST_PLUS);
    });

    it('limits again once Redis is back', async () => {
      system().redisProxy.setMode('pass');
      const statuses = await waitFor(
        async () => {
          const s = await burst();
          return s.some((status) => status === 429) && s;
        },
        { timeoutMs: 30_000, intervalMs: 500, message: 'rate limiting to resume' },
      );
      // Limited again, and still only ever allowed or limited: none of the burst is a 5xx.
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
      expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
    }, 40_000);
  });
}
