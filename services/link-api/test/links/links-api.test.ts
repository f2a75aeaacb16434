import { channelsTopic } from '@waymark/contracts';
import { waitFor } from '@waymark/testkit';
import {
  call,
  newTenant,
  publishChannel,
  sql,
  startLinksApi,
  watchLinks,
  type Api,
  type TestTenant,
} from '../support/links-fixture';

let api: Api;
let tenant: TestTenant;
let links: Awaited<ReturnType<typeof watchLinks>>;

beforeAll(async () => {
  api = await startLinksApi();
  tenant = await newTenant(api);
  links = await watchLinks(api, [tenant.domain, tenant.otherDomain]);
}, 60_000);

afterAll(async () => {
  await links?.stop();
  await api?.stop();
});

const future = () => new Date(Date.now() + 86_400_000).toISOString();

describe('links', () => {
  it('creates an active link with a random code on the default domain and publishes its state', async () => {
    const created = await call(api, tenant.key, 'POST', '/v1/links', {
      destination: 'https://example.com/spring',
      title: 'Spring',
      tags: { campaign: 'spring' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      code: expect.stringMatching(/^[a-km-zA-HJ-NP-Z2-9]{7}$/),
      domain: tenant.domain,
      shortUrl: `https://${tenant.domain}/${created.body.code}`,
      destination: 'https://example.com/spring',
      status: 'active',
      title: 'Spring',
      tags: { campaign: 'spring' },
      expiresAt: null,
      lastClickAt: null,
      notifyChannels: [],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      etag: created.headers.get('etag'),
    });
    expect(created.body.etag).toMatch(/^"[0-9a-f]{32}"$/);
    const event = await waitFor(() => links.records.find((r) => r.key === `${tenant.domain}/${created.body.code}`), {
      message: 'links.v1 event',
    });
    expect(event.value).toMatchObject({
      tenantId: tenant.id,
      destination: 'https://example.com/spring',
      status: 'active',
      kind: 'link',
    });
  });

  it('takes a custom code once per domain: the same code is 409 code_taken there and free on another domain', async () => {
    const body = { destination: 'https://example.com/a', code: 'Promo_2025' };
    expect((await call(api, tenant.key, 'POST', '/v1/links', body)).status).toBe(201);
    const again = await call(api, tenant.key, 'POST', '/v1/links', body);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'code_taken' });
    expect((await call(api, tenant.key, 'POST', '/v1/links', { ...body, domain: tenant.otherDomain })).status).toBe(
      201,
    );

    const ambiguous = await call(api, tenant.key, 'GET', '/v1/links/Promo_2025');
    expect(ambiguous.status).toBe(409);
    expect(ambiguous.body.details.domains).toEqual([tenant.domain, tenant.otherDomain].sort());
    const picked = await call(api, tenant.key, 'GET', `/v1/links/Promo_2025?domain=${tenant.otherDomain}`);
    expect(picked.body).toMatchObject({ domain: tenant.otherDomain, code: 'Promo_2025' });
  });

  it.each([
    [{ destination: 'https://example.com/', code: 'admin' }, 'code'],
    [{ destination: 'https://example.com/', code: 'has space' }, 'code'],
    [{ destination: 'https://example.com/', code: 'x'.repeat(65) }, 'code'],
    [{ destination: 'https://example.com/', expiresAt: '2001-01-01T00:00:00Z' }, 'expiresAt'],
    [{ destination: 'https://example.com/', expiresAt: 'tomorrow' }, 'expiresAt'],
    [
      {
        destination: 'https://example.com/',
        tags: Object.fromEntries(Array.from({ length: 26 }, (_, i) => [`k${i}`, 'v'])),
      },
      'tags',
    ],
    [{ destination: 'https://example.com/', notifyChannels: ['no-such-channel'] }, 'notifyChannels'],
    [{ destination: 'https://example.com/', unexpected: true }, ''],
    [{ code: 'nodest' }, 'destination'],
  ])('refuses %j with 400 validation_failed naming %s', async (body, field) => {
    const reply = await call(api, tenant.key, 'POST', '/v1/links', body);
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('validation_failed');
    expect(JSON.stringify(reply.body)).toContain(field);
  });

  it('accepts only verified domains of the tenant', async () => {
    const unverified = await call(api, tenant.key, 'POST', '/v1/links', {
      destination: 'https://example.com/',
      domain: tenant.unverifiedDomain,
    });
    expect(unverified.status).toBe(400);
    expect(unverified.body.error).toMatch(/not verified/);
    const foreign = await call(api, tenant.key, 'POST', '/v1/links', {
      destination: 'https://example.com/',
      domain: 'someone-else.example.test',
    });
    expect(foreign.body.error).toMatch(/not a domain of this tenant/);
  });

  it('attaches only channels of the same tenant, as learned from channels.v1', async () => {
    const own = await publishChannel(api, tenant.id);
    const foreign = await publishChannel(api, 'another-tenant');
    const ok = await call(api, tenant.key, 'POST', '/v1/links', {
      destination: 'https://example.com/',
      notifyChannels: [own],
      expiresAt: future(),
    });
    expect(ok.status).toBe(201);
    expect(ok.body.notifyChannels).toEqual([own]);
    const refused = await call(api, tenant.key, 'POST', '/v1/links', {
      destination: 'https://example.com/',
      notifyChannels: [own, foreign],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toContain(foreign);
  });

  it('refuses a channel deleted on channels.v1, and keeps it as removed until it comes back', async () => {
    const id = await publishChannel(api, tenant.id);
    await api.bus.publish(channelsTopic, [{ key: id, value: null }]);
    await waitFor(
      async () =>
        (await sql(api, 'SELECT 1 FROM link_api.channel WHERE id = $1 AND removed_at IS NOT NULL', [id])).length === 1,
      {
        message: `channel ${id} removed`,
      },
    );
    const refused = await call(api, tenant.key, 'POST', '/v1/links', {
      destination: 'https://example.com/',
      notifyChannels: [id],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toContain(id);
    await publishChannel(api, tenant.id, id);
    await waitFor(
      async () =>
        (await sql(api, 'SELECT 1 FROM link_api.channel WHERE id = $1 AND removed_at IS NULL', [id])).length === 1,
      {
        message: `channel ${id} back`,
      },
    );
    const ok = await call(api, tenant.key, 'POST', '/v1/links', {
      destination: 'https://example.com/',
      notifyChannels: [id],
      expiresAt: future(),
    });
    expect(ok.status).toBe(201);
  });

  it('patches any subset, re-points the live link at once, and publishes nothing for an empty change', async () => {
    const { body: link } = await call(api, tenant.key, 'POST', '/v1/links', {
      destination: 'https://example.com/old',
      expiresAt: future(),
    });
    const key = `${tenant.domain}/${link.code}`;
    const disabled = await call(api, tenant.key, 'PATCH', `/v1/links/${link.code}`, {
      status: 'disabled',
      title: 'Paused',
    });
    expect(disabled.status).toBe(200);
    expect(disabled.body).toMatchObject({
      status: 'disabled',
      title: 'Paused',
      destination: 'https://example.com/old',
    });
    const repointed = await call(api, tenant.key, 'PATCH', `/v1/links/${link.code}`, {
      destination: 'https://example.com/new',
      expiresAt: null,
      status: 'active',
    });
    expect(repointed.body).toMatchObject({ destination: 'https://example.com/new', expiresAt: null, status: 'active' });
    await waitFor(() => links.records.filter((r) => r.key === key).length === 3 || undefined, {
      message: 'three events',
    });
    expect(links.records.filter((r) => r.key === key).map((r) => r.value?.destination)).toEqual([
      'https://example.com/old',
      'https://example.com/old',
      'https://example.com/new',
    ]);
    expect((await call(api, tenant.key, 'PATCH', `/v1/links/${link.code}`, {})).body).toEqual(repointed.body);
    expect(
      (await call(api, tenant.key, 'PATCH', `/v1/links/${link.code}`, { destination: 'https://example.com/new' })).body
        .updatedAt,
    ).toBe(repointed.body.updatedAt);
    const pending = await sql(api, `SELECT count(*)::int AS n FROM link_api.outbox WHERE key = $1`, [key]);
    expect(pending[0]).toEqual({ n: 3 });
    expect((await call(api, tenant.key, 'PATCH', `/v1/links/${link.code}`, { status: 'paused' })).status).toBe(400);
    expect((await call(api, tenant.key, 'PATCH', '/v1/links/nope123', { title: 'x' })).status).toBe(404);
  });

  it('deletes with 204, publishes a tombstone, and frees the code', async () => {
    await call(api, tenant.key, 'POST', '/v1/links', { destination: 'https://example.com/', code: 'gone-soon' });
    const deleted = await call(api, tenant.key, 'DELETE', '/v1/links/gone-soon');
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    await waitFor(() => links.records.find((r) => r.key === `${tenant.domain}/gone-soon` && r.value === null), {
      message: 'tombstone',
    });
    expect((await call(api, tenant.key, 'GET', '/v1/links/gone-soon')).status).toBe(404);
    expect((await call(api, tenant.key, 'DELETE', '/v1/links/gone-soon')).status).toBe(404);
    expect(
      (await call(api, tenant.key, 'POST', '/v1/links', { destination: 'https://example.com/', code: 'gone-soon' }))
        .status,
    ).toBe(201);
  });
});

describe('listing links', () => {
  let listed: TestTenant;

  beforeAll(async () => {
    listed = await newTenant(api);
    for (let i = 0; i < 7; i++) {
      await call(api, listed.key, 'POST', '/v1/links', {
        destination: `https://shop.example/item/${i}`,
        code: `item-${i}`,
        title: i === 3 ? 'The Blue Edition' : `Item ${i}`,
        tags: { batch: i % 2 === 0 ? 'even' : 'odd' },
        ...(i === 6 ? { domain: listed.otherDomain } : {}),
      });
    }
    await call(api, listed.key, 'PATCH', '/v1/links/item-5', { status: 'disabled' });
  }, 60_000);

  const codes = (body: { links: { code: string }[] }) => body.links.map((l) => l.code);

  it('pages newest first with a cursor until nextCursor is null', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const reply: { body: { links: { code: string }[]; nextCursor: string | null } } = await call(
        api,
        listed.key,
        'GET',
        `/v1/links?limit=3${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...codes(reply.body));
      cursor = reply.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(['item-6', 'item-5', 'item-4', 'item-3', 'item-2', 'item-1', 'item-0']);
  });

  it('filters by domain, status, tag and free text', async () => {
    expect(codes((await call(api, listed.key, 'GET', `/v1/links?domain=${listed.otherDomain}`)).body)).toEqual([
      'item-6',
    ]);
    expect(codes((await call(api, listed.key, 'GET', '/v1/links?status=disabled')).body)).toEqual(['item-5']);
    expect(codes((await call(api, listed.key, 'GET', '/v1/links?tag=batch:odd')).body)).toEqual([
      'item-5',
      'item-3',
      'item-1',
    ]);
    expect(codes((await call(api, listed.key, 'GET', '/v1/links?q=blue')).body)).toEqual(['item-3']);
    expect(codes((await call(api, listed.key, 'GET', '/v1/links?q=ITEM%2F4')).body)).toEqual(['item-4']);
    expect(codes((await call(api, listed.key, 'GET', '/v1/links?tag=batch:odd&status=active&limit=1')).body)).toEqual([
      'item-3',
    ]);
  });

  it('refuses bad list parameters', async () => {
    expect((await call(api, listed.key, 'GET', '/v1/links?limit=0')).status).toBe(400);
    expect((await call(api, listed.key, 'GET', '/v1/links?limit=201')).status).toBe(400);
    expect((await call(api, listed.key, 'GET', '/v1/links?cursor=bogus')).body.code).toBe('validation_failed');
    expect((await call(api, listed.key, 'GET', '/v1/links?tag=nocolon')).status).toBe(400);
  });
});
