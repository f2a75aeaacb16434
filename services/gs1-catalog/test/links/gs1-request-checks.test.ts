import { api, newTenant, startGs1Catalog, type Gs1Catalog, type TestTenant } from '../support/gs1-harness';
import { gtin13 } from '../support/gtins';

let catalog: Gs1Catalog;
let tenant: TestTenant;

beforeAll(async () => {
  catalog = await startGs1Catalog();
  tenant = await newTenant(catalog);
});

afterAll(async () => {
  await catalog?.stop();
});

const LONG_DOMAIN = 'd'.repeat(262);
const paths = (body: { details?: { path: string }[] }) => (body.details ?? []).map((issue) => issue.path);

describe('a GS1 request is checked before anything is looked up or written', () => {
  it('answers a bad ?domain= on GET and DELETE of an unknown path with 400, not 404', async () => {
    const unknown = `/v1/gs1/links/${encodeURIComponent('01/09506000134352')}`;
    expect((await api(catalog, tenant, 'GET', unknown)).status).toBe(404);
    for (const method of ['GET', 'DELETE']) {
      const reply = await api(catalog, tenant, method, `${unknown}?domain=${LONG_DOMAIN}`);
      expect({ method, status: reply.status, code: reply.body?.code }).toEqual({
        method,
        status: 400,
        code: 'validation_failed',
      });
      expect(paths(reply.body)).toEqual(['domain']);
    }
  });

  it('refuses more than 20 tags in a list filter', async () => {
    const tags = Array.from({ length: 21 }, (_, i) => `t${i}`).join(',');
    const reply = await api(catalog, tenant, 'GET', `/v1/gs1/links?tags=${tags}`);
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('validation_failed');
    expect(paths(reply.body)).toEqual(['tags']);
  });

  it('refuses 20,000 records as bulk_too_large in a bounded time, before checking any of them', async () => {
    const records = Array.from({ length: 20_000 }, () => ({}));
    const started = performance.now();
    const reply = await api(catalog, tenant, 'POST', '/v1/gs1/links/bulk', { records });
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      error: 'at most 500 records per request, got 20000',
      code: 'bulk_too_large',
      details: { max: 500, received: 20_000 },
    });
  });

  it('fails a bulk request as a whole only for its envelope or its request-level options', async () => {
    const record = { gtin: gtin13(13435), destination: 'https://example.com/p' };
    const empty = await api(catalog, tenant, 'POST', '/v1/gs1/links/bulk', { records: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe('validation_failed');
    const tooMany = await api(catalog, tenant, 'POST', '/v1/gs1/links/bulk', {
      records: Array.from({ length: 501 }, () => record),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ code: 'bulk_too_large', details: { max: 500, received: 501 } });
    const badTag = await api(catalog, tenant, 'POST', '/v1/gs1/links/bulk', { records: [record], tags: ['a\u0001'] });
    expect(badTag.status).toBe(400);
    expect(badTag.body.code).toBe('validation_failed');
    expect((await api(catalog, tenant, 'GET', '/v1/gs1/links')).body.links).toEqual([]);
  });
});
