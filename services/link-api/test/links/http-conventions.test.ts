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
