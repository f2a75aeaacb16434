import { operator } from '../support/link-api-harness';
import { uniqueName, waitFor } from '@waymark/testkit';
import {
  call,
  newTenant,
  sql,
  withLinksApiAndTenant,
  watchLinks,
  type Api,
  type TestTenant,
} from '../support/links-fixture';

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

  it('reports a row with a NUL, a lone surrogate or nesting 40 deep as failed and creates the other 497', async () => {
    const own = await newTenant(api);
    const rows: unknown[] = Array.from({ length: 500 }, (_, i) => ({ destination: `https://shop.example/s/${i}` }));
    rows[7] = { destination: 'https://shop.example/nul', title: 'a\u0000b' };
    rows[250] = { destination: 'https://shop.example/surrogate', tags: { k: 'x\ud800' } };
    rows[499] = { destination: 'https://shop.example/deep', title: nestedObject(40) };
    const reply = await call(api, own.key, 'POST', '/v1/links/bulk', { rows });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ requested: 500, created: 497, failed: 3 });
    expect(reply.body.results[7]).toMatchObject({
      status: 'failed',
      errorCode: 'validation_failed',
      error: expect.stringMatching(/^title: .*NUL/),
    });
    expect(reply.body.results[250]).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/^tags\.k: .*surrogate/),
    });
    expect(reply.body.results[499]).toMatchObject({ status: 'failed', error: expect.stringMatching(/deeper than 32/) });
    const stored = await sql<{ n: number }>(api, `SELECT count(*)::int AS n FROM link_api.link WHERE domain = $1`, [
      own.domain,
    ]);
    expect(stored[0]!.n).toBe(497);
  });

  it('refuses a NUL outside the rows for the whole request', async () => {
    const reply = await call(api, tenant.key, 'POST', '/v1/links/bulk', {
      rows: [{ destination: 'https://shop.example/outside' }],
      note: 'a\u0000b',
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ code: 'validation_failed', error: expect.stringMatching(/body\.note: .*NUL/) });
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

/** `{ d: { d: ... } }`, `depth` objects deep. */
function nestedObject(depth: number): unknown {
  let value: unknown = {};
  for (let i = 1; i < depth; i++) value = { d: value };
  return value;
}
