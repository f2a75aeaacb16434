import { api, newTenant, startGs1Catalog, type Gs1Catalog, type TestTenant } from '../support/gs1-harness';
import { gtin13, gtin14 } from '../support/gtins';

let catalog: Gs1Catalog;
let tenant: TestTenant;

beforeAll(async () => {
  catalog = await startGs1Catalog();
  tenant = await newTenant(catalog);
});

afterAll(async () => {
  await catalog?.stop();
});

const deleteWith = (path: string, ifMatch: string) =>
  fetch(`${catalog.url}${path}`, { method: 'DELETE', headers: { 'x-api-key': tenant.key, 'if-match': ifMatch } });

describe("a GS1 record's ETag", () => {
  it('is the same strong tag on get and in the list, moves with an upsert, and If-Match on DELETE takes it', async () => {
    const gtin = gtin13(4242);
    const upsert = (destination: string) =>
      api(catalog, tenant, 'POST', '/v1/gs1/links/bulk', { records: [{ gtin, batch: 'ET1', destination }] });
    expect((await upsert('https://example.com/first')).body.created).toBe(1);
    const path = `/v1/gs1/links/${encodeURIComponent(`01/${gtin14(gtin)}/10/ET1`)}`;

    const read = await api(catalog, tenant, 'GET', path);
    const etag = read.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]+"$/);
    expect(read.body.etag).toBe(etag);
    const listed = await api(catalog, tenant, 'GET', '/v1/gs1/links?query=ET1');
    expect(listed.body.links.map((link: { etag: string }) => link.etag)).toEqual([etag]);

    expect((await upsert('https://example.com/second')).body.updated).toBe(1);
    const newEtag = (await api(catalog, tenant, 'GET', path)).headers.get('etag')!;
    expect(newEtag).not.toBe(etag);

    const stale = await deleteWith(path, etag);
    expect(stale.status).toBe(412);
    expect(await stale.json()).toMatchObject({ code: 'precondition_failed', details: { etag: newEtag } });
    expect((await api(catalog, tenant, 'GET', path)).status).toBe(200);
    expect((await deleteWith(path, newEtag)).status).toBe(204);
  });
});
