import { waitFor } from '@waymark/testkit';
import type { System } from '../support/system';
import { onboardTenant, type Tenant } from '../support/tenant';
import { visit } from '../support/visitor';

const ROWS = 500;
const KILL_AFTER_MS = 150;

/** link-api killed (SIGKILL) while it imports a bulk request, then started again: every row is all or nothing. */
export function linkApiRestart(system: () => System): void {
  describe('fault: link-api restarted during a bulk import', () => {
    let tenant: Tenant;
    beforeAll(async () => {
      tenant = await onboardTenant(system());
    }, 60_000);

    it('leaves each row either committed with its links.v1 event (it redirects) or absent', async () => {
      const batch = `b${Date.now().toString(36)}`;
      const rows = Array.from({ length: ROWS }, (_, i) => ({
        destination: `https://example.com/${batch}/${i}`,
        code: `${batch}-${i}`,
        tags: { batch },
      }));
      const linkApi = system().services.get('link-api');
      if (!linkApi) throw new Error('link-api is not running');
      const request = tenant.api
        .raw('POST', '/v1/links/bulk', JSON.stringify({ rows }))
        .catch((error: Error) => ({ status: 0, text: error.message }));
      // Fault injection at a fixed point of the request, not a wait for a condition.
      await new Promise((resolve) => setTimeout(resolve, KILL_AFTER_MS));
      linkApi.proc.signal('SIGKILL');
      await linkApi.proc.exited;
      const reply = await request;
      expect([0, 200, 502]).toContain(reply.status);
      await system().restart('link-api');

      const stored = new Set<string>();
      let cursor: string | undefined;
      do {
        const page = await tenant.api.call(
          'GET',
          `/v1/links?tag=batch:${batch}&limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        );
        expect(page.status).toBe(200);
        for (const link of page.body.links as { code: string }[]) stored.add(link.code);
        cursor = page.body.nextCursor ?? undefined;
      } while (cursor);
      if (reply.status === 200) expect(stored.size).toBe(ROWS);

      // A stored row reached the redirectors (its event was published); a row that is not stored is unknown there.
      await waitFor(
        async () => {
          for (const code of stored) {
            const answer = await visit(system().gateway.port, tenant.domain, `/${code}`, { method: 'HEAD' });
            if (answer.status !== 302) return false;
          }
          return true;
        },
        { timeoutMs: 60_000, intervalMs: 500, message: `all ${stored.size} stored rows to redirect` },
      );
      for (let i = 0; i < ROWS; i += 25) {
        const code = `${batch}-${i}`;
        const answer = await visit(system().gateway.port, tenant.domain, `/${code}`, { method: 'HEAD' });
        expect({ code, status: answer.status }).toEqual({ code, status: stored.has(code) ? 302 : 404 });
      }
    }, 150_000);
  });
}
