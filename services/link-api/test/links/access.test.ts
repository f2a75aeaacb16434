import { SCOPES, type Scope } from '@waymark/contracts';
import { waitFor } from '@waymark/testkit';
import { call, newTenant, startLinksApi, type Api, type TestTenant } from '../support/links-fixture';

let api: Api;
let a: TestTenant;
let b: TestTenant;

beforeAll(async () => {
  api = await startLinksApi();
  [a, b] = await Promise.all([newTenant(api), newTenant(api)]);
  await call(api, a.key, 'POST', '/v1/links', { destination: 'https://a.example/', code: 'shared-code' });
  await call(api, b.key, 'POST', '/v1/links', { destination: 'https://b.example/', code: 'shared-code' });
  await call(api, a.key, 'POST', '/v1/links', { destination: 'https://a.example/only', code: 'a-only' });
}, 60_000);

afterAll(async () => {
  await api?.stop();
});

/** Every links endpoint of link-api with the scope it requires. */
const ENDPOINTS: { method: string; path: string; scope: Scope; body?: unknown }[] = [
  { method: 'GET', path: '/v1/links', scope: 'links:read' },
  { method: 'GET', path: '/v1/links/a-only', scope: 'links:read' },
  { method: 'POST', path: '/v1/links', scope: 'links:write', body: { destination: 'https://a.example/' } },
  {
    method: 'POST',
    path: '/v1/links/bulk',
    scope: 'links:write',
    body: { rows: [{ destination: 'https://a.example/' }] },
  },
  { method: 'PATCH', path: '/v1/links/a-only', scope: 'links:write', body: { title: 'x' } },
  { method: 'DELETE', path: '/v1/links/no-such-code', scope: 'links:write' },
  { method: 'GET', path: '/v1/links/a-only/qr', scope: 'qr' },
];

describe('scopes', () => {
  it.each(ENDPOINTS)(
    '$method $path needs $scope: 403 insufficient_scope with every other scope, allowed with it',
    async ({ method, path, scope, body }) => {
      const without = await a.newKey(SCOPES.filter((s) => s !== scope));
      const only = await a.newKey([scope]);
      const denied = await waitFor(
        async () => {
          const reply = await call(api, without, method, path, body);
          return reply.status === 401 ? undefined : reply; // 401 until the new key reaches the identity model
        },
        { message: 'the new key on identity.v1' },
      );
      expect(denied.status).toBe(403);
      expect(denied.body).toEqual({
        error: expect.any(String),
        code: 'insufficient_scope',
        details: { required: [scope] },
      });
      const allowed = await waitFor(
        async () => {
          const reply = await call(api, only, method, path, body);
          return reply.status === 401 ? undefined : reply;
        },
        { message: 'the scoped key on identity.v1' },
      );
      expect(allowed.status).not.toBe(403);
      expect(allowed.status).toBeLessThan(method === 'DELETE' ? 405 : 300);
    },
  );

  it('refuses every endpoint without a key (401) and serves the description document without one', async () => {
    for (const { method, path, body } of ENDPOINTS) {
      const reply = await call(api, null, method, path, body);
      expect({ path, status: reply.status, code: reply.body?.code }).toEqual({
        path,
        status: 401,
        code: 'unauthorized',
      });
    }
    expect((await call(api, null, 'GET', '/v1/openapi.json')).status).toBe(200);
  });
});

describe('tenant isolation', () => {
  it('shows each tenant only its own links, even under the same code', async () => {
    expect((await call(api, a.key, 'GET', '/v1/links/shared-code')).body.destination).toBe('https://a.example/');
    expect((await call(api, b.key, 'GET', '/v1/links/shared-code')).body.destination).toBe('https://b.example/');
    const listed = (await call(api, b.key, 'GET', '/v1/links')).body.links.map((l: { code: string }) => l.code);
    expect(listed).toEqual(['shared-code']);
    expect((await call(api, b.key, 'GET', `/v1/links?domain=${a.domain}`)).body.links).toEqual([]);
  });

  it("never lets B read, change, delete or draw A's link: it is 404 as if it did not exist", async () => {
    expect((await call(api, b.key, 'GET', '/v1/links/a-only')).status).toBe(404);
    expect((await call(api, b.key, 'GET', `/v1/links/a-only?domain=${a.domain}`)).status).toBe(404);
    expect(
      (await call(api, b.key, 'PATCH', '/v1/links/a-only', { destination: 'https://b.example/stolen' })).status,
    ).toBe(404);
    expect((await call(api, b.key, 'DELETE', `/v1/links/a-only?domain=${a.domain}`)).status).toBe(404);
    expect((await call(api, b.key, 'GET', '/v1/links/a-only/qr')).status).toBe(404);
    expect((await call(api, a.key, 'GET', '/v1/links/a-only')).body.destination).toBe('https://a.example/only');
  });

  it("never lets B create links on A's domain", async () => {
    const reply = await call(api, b.key, 'POST', '/v1/links', { destination: 'https://b.example/', domain: a.domain });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toMatch(/not a domain of this tenant/);
    const bulk = await call(api, b.key, 'POST', '/v1/links/bulk', {
      rows: [{ destination: 'https://b.example/', domain: a.domain }],
    });
    expect(bulk.body).toMatchObject({ created: 0, failed: 1 });
  });
});
