import { call, newTenant, startLinksApi, type Api, type TestTenant } from './links-fixture';

let api: Api;
let tenant: TestTenant;

beforeAll(async () => {
  api = await startLinksApi();
  tenant = await newTenant(api);
}, 60_000);

afterAll(async () => {
  await api?.stop();
});

describe('the HTTP conventions of the links API', () => {
  it('points Location of a 201 at the created link, which reads back', async () => {
    const created = await call(api, tenant.key, 'POST', '/v1/links', { destination: 'https://example.com/located', code: 'located' });
    expect(created.status).toBe(201);
    const location = created.headers.get('location');
    expect(location).toBe(`/v1/links/located?domain=${tenant.domain}`);
    const read = await call(api, tenant.key, 'GET', location!);
    expect(read.body).toMatchObject({ code: 'located', destination: 'https://example.com/located' });
  });

  it('answers a wrong method on a link with 405 and Allow', async () => {
    const reply = await fetch(`${api.url}/v1/links/located`, { method: 'PUT', headers: { 'x-api-key': tenant.key } });
    expect(reply.status).toBe(405);
    expect(reply.headers.get('allow')).toBe('DELETE, GET, HEAD, PATCH');
    expect(await reply.json()).toMatchObject({ code: 'method_not_allowed' });
  });

  it('answers a CSV posted to the bulk endpoint with 415, and creates nothing', async () => {
    const reply = await fetch(`${api.url}/v1/links/bulk`, {
      method: 'POST',
      headers: { 'x-api-key': tenant.key, 'content-type': 'text/csv' },
      body: 'destination\nhttps://example.com/csv\n',
    });
    expect(reply.status).toBe(415);
    expect(await reply.json()).toMatchObject({ code: 'unsupported_media_type' });
    const listed = await call(api, tenant.key, 'GET', '/v1/links?q=example.com/csv');
    expect(listed.body.links).toEqual([]);
  });

  it('names the bearer scheme on a 401', async () => {
    const reply = await call(api, 'wm_live_not_a_key', 'GET', '/v1/links');
    expect(reply.status).toBe(401);
    expect(reply.headers.get('www-authenticate')).toBe('Bearer realm="waymark"');
  });
});

describe('If-Match on a link', () => {
  it('applies a PATCH made with the current ETag and refuses one made with a stale ETag with 412', async () => {
    await call(api, tenant.key, 'POST', '/v1/links', { destination: 'https://example.com/v1', code: 'versioned' });
    const read = await call(api, tenant.key, 'GET', '/v1/links/versioned');
    const etag = read.headers.get('etag');
    expect(etag).toMatch(/^"[0-9a-z]+"$/);

    const first = await fetch(`${api.url}/v1/links/versioned`, {
      method: 'PATCH',
      headers: { 'x-api-key': tenant.key, 'content-type': 'application/json', 'if-match': etag! },
      body: JSON.stringify({ destination: 'https://example.com/v2' }),
    });
    expect(first.status).toBe(200);
    const newEtag = first.headers.get('etag');
    expect(newEtag).not.toBe(etag);

    const stale = await fetch(`${api.url}/v1/links/versioned`, {
      method: 'PATCH',
      headers: { 'x-api-key': tenant.key, 'content-type': 'application/json', 'if-match': etag! },
      body: JSON.stringify({ destination: 'https://example.com/lost-update' }),
    });
    expect(stale.status).toBe(412);
    expect(await stale.json()).toMatchObject({ code: 'precondition_failed', details: { etag: newEtag } });
    expect((await call(api, tenant.key, 'GET', '/v1/links/versioned')).body.destination).toBe('https://example.com/v2');
  });

  it('deletes only with a matching ETag', async () => {
    await call(api, tenant.key, 'POST', '/v1/links', { destination: 'https://example.com/d', code: 'guarded' });
    const etag = (await call(api, tenant.key, 'GET', '/v1/links/guarded')).headers.get('etag')!;
    const refused = await fetch(`${api.url}/v1/links/guarded`, { method: 'DELETE', headers: { 'x-api-key': tenant.key, 'if-match': '"stale"' } });
    expect(refused.status).toBe(412);
    expect((await call(api, tenant.key, 'GET', '/v1/links/guarded')).status).toBe(200);
    const deleted = await fetch(`${api.url}/v1/links/guarded`, { method: 'DELETE', headers: { 'x-api-key': tenant.key, 'if-match': etag } });
    expect(deleted.status).toBe(204);
  });
});
