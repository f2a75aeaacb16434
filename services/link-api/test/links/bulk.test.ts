import { operator } from '../identity/link-api-harness';
import { uniqueName, waitFor } from '@waymark/testkit';
import { call, sql, withLinksApiAndTenant, watchLinks, type Api, type TestTenant } from './links-fixture';

let api: Api;
let tenant: TestTenant;

withLinksApiAndTenant((started, owner) => ((api = started), (tenant = owner)));

describe('bulk create', () => {
  it('creates every good row of 500 and reports each bad row alone, with the same events as single creates', async () => {
    const watch = await watchLinks(api, [tenant.domain]);
    try {
      const rows: unknown[] = Array.from({ length: 500 }, (_, i) => ({
        destination: `https://shop.example/p/${i}`,
        tags: { row: String(i) },
      }));
      rows[3] = { destination: 'ftp://shop.example/x' };
      rows[10] = { destination: 'https://shop.example/dup', code: 'bulk-dup' };
      rows[11] = { destination: 'https://shop.example/dup2', code: 'bulk-dup' };
      rows[20] = { nonsense: true };
      rows[21] = 'not an object';
      rows[30] = { destination: 'http://10.0.0.8/', code: 'never-stored' };
      const reply = await call(api, tenant.key, 'POST', '/v1/links/bulk', { rows });
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({ requested: 500, created: 495, failed: 5 });
      const results = reply.body.results as {
        row: number;
        status: string;
        errorCode: string | null;
        code: string | null;
        shortUrl: string | null;
      }[];
      expect(results.map((r) => r.row)).toEqual(rows.map((_, i) => i));
      expect(results[3]).toMatchObject({ status: 'failed', errorCode: 'destination_rejected', shortUrl: null });
      expect(results[10]).toMatchObject({
        status: 'created',
        code: 'bulk-dup',
        shortUrl: `https://${tenant.domain}/bulk-dup`,
      });
      expect(results[11]).toMatchObject({ status: 'failed', errorCode: 'code_taken', code: 'bulk-dup' });
      expect(results[20]).toMatchObject({ status: 'failed', errorCode: 'validation_failed' });
      expect(results[21]).toMatchObject({ status: 'failed', errorCode: 'validation_failed' });
      expect(results[30]).toMatchObject({ status: 'failed', errorCode: 'destination_rejected', code: 'never-stored' });
      const created = results.filter((r) => r.status === 'created');
      expect(new Set(created.map((r) => r.code)).size).toBe(495);

      const stored = await sql<{ n: number }>(api, `SELECT count(*)::int AS n FROM link_api.link WHERE domain = $1`, [
        tenant.domain,
      ]);
      expect(stored[0]!.n).toBe(495);
      await waitFor(() => watch.records.length >= 495 || undefined, {
        message: '495 links.v1 events',
        timeoutMs: 20_000,
      });
      expect(new Set(watch.records.map((r) => r.key))).toEqual(
        new Set(created.map((r) => `${tenant.domain}/${r.code}`)),
      );
    } finally {
      await watch.stop();
    }
  });

  it('refuses more than 500 rows, an empty list, or a body without rows as a whole', async () => {
    const tooMany = await call(api, tenant.key, 'POST', '/v1/links/bulk', {
      rows: Array.from({ length: 501 }, () => ({ destination: 'https://a.example/' })),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ code: 'bulk_too_large', details: { max: 500, received: 501 } });
    expect((await call(api, tenant.key, 'POST', '/v1/links/bulk', { rows: [] })).body.code).toBe('validation_failed');
    expect((await call(api, tenant.key, 'POST', '/v1/links/bulk', {})).status).toBe(400);
  });

  it("holds the plan's row cap", async () => {
    const plan = uniqueName('capped').replace(/-/g, '_').slice(0, 40);
    await operator(api.url, 'PUT', `/plans/${plan}`, {
      rateLimitPerMinute: 6000,
      burst: 100,
      bulkRowCap: 5,
      exportsPerHour: 1,
    });
    await operator(api.url, 'PATCH', `/tenants/${tenant.id}`, { plan });
    const rows = Array.from({ length: 6 }, (_, i) => ({ destination: `https://a.example/${i}` }));
    const refused = await waitFor(
      async () => {
        const reply = await call(api, tenant.key, 'POST', '/v1/links/bulk', { rows });
        return reply.status === 400 ? reply : undefined;
      },
      { message: 'the capped plan to reach link-api' },
    );
    expect(refused.body).toMatchObject({ code: 'bulk_too_large', details: { max: 5, received: 6 } });
    expect((await call(api, tenant.key, 'POST', '/v1/links/bulk', { rows: rows.slice(0, 5) })).body.created).toBe(5);
  });
});
