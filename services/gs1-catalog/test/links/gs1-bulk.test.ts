import { linksTopic, type LinkState } from '@waymark/contracts';
import type { Subscription } from '@waymark/events';
import { uniqueName, waitFor } from '@waymark/testkit';
import { api, newTenant, startGs1Catalog, type Gs1Catalog, type TestTenant } from '../support/gs1-harness';
import { badGtin13, gtin13, gtin14 } from '../support/gtins';

let catalog: Gs1Catalog;
let plain: TestTenant;
let resolver: TestTenant;
let subscription: Subscription;
const published = new Map<string, (LinkState | null)[]>();

beforeAll(async () => {
  catalog = await startGs1Catalog();
  plain = await newTenant(catalog, {
    extraDomains: [{ name: `${uniqueName('pending')}.example.com`, verified: false }],
  });
  resolver = await newTenant(catalog, { entitlements: ['resolver'] });
  const tenants = new Set([plain.tenant.id, resolver.tenant.id]);
  subscription = await catalog.bus.subscribe({
    topic: linksTopic,
    mode: 'group',
    groupId: uniqueName('links-reader'),
    async handleBatch(messages) {
      for (const m of messages) {
        if (m.value !== null && !tenants.has(m.value.tenantId)) continue;
        published.set(m.key, [...(published.get(m.key) ?? []), m.value]);
      }
    },
  });
});

afterAll(async () => {
  await subscription?.stop();
  await catalog?.stop();
});

const bulk = (t: TestTenant, body: unknown) => api(catalog, t, 'POST', '/v1/gs1/links/bulk', body);

test('every record is created, in order, and published on links.v1 with its derived path as the code', async () => {
  const records = [
    { gtin: gtin13(1), batch: 'LOT-1', destination: 'https://brand.example.com/a' },
    { gtin: gtin13(2), serial: 'S/1', cpv: 'BLUE', destination: 'https://brand.example.com/b', expiry: '271231' },
  ];
  const { status, body } = await bulk(plain, { records });
  expect(status).toBe(200);
  expect(body).toMatchObject({ requested: 2, created: 2, updated: 0, skipped: 0, failed: 0 });
  expect(body.results.map((r: { code: string }) => r.code)).toEqual([
    `01/${gtin14(gtin13(1))}/10/LOT-1`,
    `01/${gtin14(gtin13(2))}/22/BLUE/21/S%2F1`,
  ]);
  const key = `${plain.domain}/01/${gtin14(gtin13(1))}/10/LOT-1`;
  await waitFor(() => published.has(key), { timeoutMs: 20_000, message: 'links.v1 event' });
  const state = published.get(key)![0]!;
  expect(state).toMatchObject({
    kind: 'gs1',
    destination: 'https://brand.example.com/a',
    gs1: { gtin: gtin14(gtin13(1)), batch: 'LOT-1' },
  });
});

test('a bad row fails with its reason and never aborts the batch (check digit, AI value, domain, merged tags)', async () => {
  const manyTags = Array.from({ length: 15 }, (_, i) => `t${i}`);
  const records = [
    { gtin: badGtin13(3), destination: 'https://brand.example.com/x' },
    { gtin: gtin13(4), batch: 'x'.repeat(21), destination: 'https://brand.example.com/x' },
    { gtin: gtin13(5), destination: 'https://brand.example.com/x', domain: plain.tenant.domains[1]!.name },
    { gtin: gtin13(6), destination: 'https://brand.example.com/x', domain: 'not-mine.example.org' },
    { gtin: gtin13(7), destination: 'https://brand.example.com/x', tags: manyTags },
    { gtin: gtin13(8), destination: 'https://brand.example.com/ok' },
    { gtin: gtin13(9), expiry: '271332', destination: 'https://brand.example.com/x' },
  ];
  const { status, body } = await bulk(plain, { records, tags: Array.from({ length: 6 }, (_, i) => `r${i}`) });
  expect(status).toBe(200);
  expect(body.results.map((r: { status: string }) => r.status)).toEqual([
    'failed',
    'failed',
    'failed',
    'failed',
    'failed',
    'created',
    'failed',
  ]);
  expect(body.results[0].error).toMatch(/check digit/i);
  expect(body.results[1].error).toMatch(/batch/);
  expect(body.results[2].error).toMatch(/not verified/);
  expect(body.results[3].error).toMatch(/not a domain of this tenant/);
  expect(body.results[4].error).toMatch(/at most 20 tags/);
  expect(body.results[6].error).toMatch(/expiry/);
  expect(body).toMatchObject({ requested: 7, created: 1, failed: 6 });
});

test('a linkset of several entries or data attributes need the resolver entitlement', async () => {
  const linkset = [
    { linkType: 'gs1:pip', href: 'https://brand.example.com/pip', default: true },
    { linkType: 'gs1:recipeInfo', href: 'https://brand.example.com/recipes' },
  ];
  const records = [
    { gtin: gtin13(10), linkset },
    { gtin: gtin13(11), destination: 'https://brand.example.com/x', ai: { '15': '271231' } },
    { gtin: gtin13(12), linkset: linkset.slice(0, 1) },
  ];
  const denied = await bulk(plain, { records });
  expect(denied.body.results.map((r: { status: string; errorCode: string | null }) => [r.status, r.errorCode])).toEqual(
    [
      ['failed', 'entitlement_required'],
      ['failed', 'entitlement_required'],
      ['created', null],
    ],
  );
  const allowed = await bulk(resolver, { records });
  expect(allowed.body).toMatchObject({ created: 3, failed: 0 });
});

test('upsert true updates (destination re-pointed, the rest kept unless supplied); upsert false skips', async () => {
  const gtin = gtin13(20);
  const first = {
    gtin,
    batch: 'B1',
    linkset: [
      { href: 'https://brand.example.com/pip' },
      { linkType: 'gs1:recipeInfo', href: 'https://brand.example.com/r' },
    ],
    ai: { '15': '271231' },
    tags: ['spring'],
  };
  expect((await bulk(resolver, { records: [first] })).body.created).toBe(1);
  const reimport = await bulk(resolver, {
    records: [{ gtin, batch: 'B1', destination: 'https://brand.example.com/new' }],
  });
  expect(reimport.body).toMatchObject({ updated: 1, created: 0 });
  const path = encodeURIComponent(`01/${gtin14(gtin)}/10/B1`);
  const after = await api(catalog, resolver, 'GET', `/v1/gs1/links/${path}`);
  expect(after.status).toBe(200);
  expect(after.body).toMatchObject({
    destination: 'https://brand.example.com/new',
    ai: { '15': '271231' },
    tags: ['spring'],
  });
  expect(after.body.linkset).toHaveLength(2);
  const replaced = await bulk(resolver, {
    records: [{ gtin, batch: 'B1', destination: 'https://brand.example.com/x', tags: ['summer'] }],
  });
  expect(replaced.body.updated).toBe(1);
  expect((await api(catalog, resolver, 'GET', `/v1/gs1/links/${path}`)).body.tags).toEqual(['summer']);
  const skipped = await bulk(resolver, {
    upsert: false,
    records: [{ gtin, batch: 'B1', destination: 'https://brand.example.com/never' }],
  });
  expect(skipped.body).toMatchObject({ skipped: 1, updated: 0 });
  expect((await api(catalog, resolver, 'GET', `/v1/gs1/links/${path}`)).body.destination).toBe(
    'https://brand.example.com/x',
  );
});

test('records carry an item description, any permitted data attribute and linkset entries with title, hreflang, type and context', async () => {
  const gtin = gtin13(30);
  const linkset = [
    {
      linkType: 'gs1:pip',
      href: 'https://brand.example.com/fr',
      title: 'Fiche produit',
      hreflang: ['fr'],
      type: 'text/html',
      context: ['FR'],
      default: true,
    },
    { linkType: 'gs1:relatedImage', href: 'https://brand.example.com/image' },
  ];
  const record = { gtin, itemDescription: 'Basmati rice 1 kg', linkset, ai: { '3103': '001000', '99': 'internal' } };
  expect((await bulk(resolver, { records: [record] })).body).toMatchObject({ created: 1, failed: 0 });
  const code = `01/${gtin14(gtin)}`;
  const view = await api(catalog, resolver, 'GET', `/v1/gs1/links/${encodeURIComponent(code)}`);
  expect(view.body).toMatchObject({ itemDescription: 'Basmati rice 1 kg', ai: { '3103': '001000', '99': 'internal' } });
  expect(view.body.linkset[0]).toMatchObject({
    title: 'Fiche produit',
    hreflang: ['fr'],
    type: 'text/html',
    context: ['FR'],
  });
  const key = `${resolver.domain}/${code}`;
  await waitFor(() => published.has(key), { timeoutMs: 20_000, message: 'links.v1 event' });
  expect(published.get(key)![0]!.gs1).toMatchObject({
    itemDescription: 'Basmati rice 1 kg',
    linkset: [expect.objectContaining({ context: ['FR'] }), expect.anything()],
  });
});

test('a 500-record mixed batch reports every row in order', async () => {
  await bulk(plain, {
    records: Array.from({ length: 100 }, (_, i) => ({
      gtin: gtin13(1000 + i),
      destination: 'https://brand.example.com/old',
    })),
  });
  const records = Array.from({ length: 500 }, (_, i) => {
    if (i % 10 === 1) return { gtin: badGtin13(1000 + i), destination: 'https://brand.example.com/x' };
    if (i % 10 === 2) return { gtin: gtin13(1000 + i), batch: 'bad lot ✓', destination: 'https://brand.example.com/x' };
    if (i % 10 === 3)
      return { gtin: gtin13(1000 + i), destination: 'https://brand.example.com/x', ai: { '15': '271231' } };
    return { gtin: gtin13(1000 + i), destination: 'https://brand.example.com/new' };
  });
  const { status, body } = await bulk(plain, { records, tags: ['mixed'] });
  expect(status).toBe(200);
  expect(body.results).toHaveLength(500);
  body.results.forEach((r: { row: number; status: string; errorCode: string | null }, i: number) => {
    expect(r.row).toBe(i);
    const expected =
      i % 10 === 1 || i % 10 === 2
        ? ['failed', 'validation_failed']
        : i % 10 === 3
          ? ['failed', 'entitlement_required']
          : [i < 100 ? 'updated' : 'created', null];
    expect([r.status, r.errorCode]).toEqual(expected);
  });
  expect(body.failed).toBe(150);
  expect(body.updated + body.created).toBe(350);
});

test('a record with a NUL, a lone surrogate or nesting 40 deep fails alone and the other 497 are created', async () => {
  const own = await newTenant(catalog);
  const records: unknown[] = Array.from({ length: 500 }, (_, i) => ({
    gtin: gtin13(5000 + i),
    destination: `https://brand.example.com/h/${i}`,
  }));
  records[0] = { gtin: gtin13(5000), serial: 'S\u00001', destination: 'https://brand.example.com/nul' };
  records[321] = { gtin: gtin13(5321), batch: 'L\udc00', destination: 'https://brand.example.com/surrogate' };
  let deep: unknown = {};
  for (let i = 1; i < 40; i++) deep = { d: deep };
  records[498] = { gtin: gtin13(5498), destination: 'https://brand.example.com/deep', ai: deep };
  const { status, body } = await bulk(own, { records, tags: ['hostile'] });
  expect(status).toBe(200);
  expect(body).toMatchObject({ requested: 500, created: 497, failed: 3 });
  const failed = body.results.filter((r: { status: string }) => r.status === 'failed');
  expect(failed).toEqual([
    expect.objectContaining({ row: 0, errorCode: 'validation_failed', error: expect.stringMatching(/^serial: .*NUL/) }),
    expect.objectContaining({ row: 321, error: expect.stringMatching(/^batch: .*surrogate/) }),
    expect.objectContaining({ row: 498, error: expect.stringMatching(/deeper than 32/) }),
  ]);
  const listed = await api(catalog, own, 'GET', '/v1/gs1/links?tags=hostile&limit=500');
  expect(listed.body.links).toHaveLength(497);
});

test('a NUL outside the records still refuses the whole request', async () => {
  const records = [{ gtin: gtin13(5600), destination: 'https://brand.example.com/outside' }];
  const { status, body } = await bulk(plain, { records, tags: ['a\u0000b'] });
  expect(status).toBe(400);
  expect(body).toMatchObject({ code: 'validation_failed', error: expect.stringMatching(/body\.tags\.0: .*NUL/) });
});

test('GET lists by tags and query with a cursor; DELETE removes the record and publishes a tombstone', async () => {
  const records = Array.from({ length: 5 }, (_, i) => ({
    gtin: gtin13(3000 + i),
    destination: `https://brand.example.com/list/${i}`,
    tags: i < 3 ? ['a', 'b'] : ['a'],
  }));
  await bulk(plain, { records });
  const page1 = await api(catalog, plain, 'GET', '/v1/gs1/links?tags=a,b&limit=2');
  expect(page1.body.links).toHaveLength(2);
  const page2 = await api(catalog, plain, 'GET', `/v1/gs1/links?tags=a,b&limit=2&cursor=${page1.body.nextCursor}`);
  expect(page2.body.links).toHaveLength(1);
  expect(page2.body.nextCursor).toBeNull();
  const byQuery = await api(catalog, plain, 'GET', '/v1/gs1/links?query=list/4');
  expect(byQuery.body.links.map((l: { destination: string }) => l.destination)).toEqual([
    'https://brand.example.com/list/4',
  ]);
  const code = `01/${gtin14(gtin13(3000))}`;
  expect((await api(catalog, plain, 'DELETE', `/v1/gs1/links/${encodeURIComponent(code)}`)).status).toBe(204);
  expect((await api(catalog, plain, 'GET', `/v1/gs1/links/${encodeURIComponent(code)}`)).status).toBe(404);
  await waitFor(() => (published.get(`${plain.domain}/${code}`) ?? []).includes(null), {
    timeoutMs: 20_000,
    message: 'tombstone',
  });
});
