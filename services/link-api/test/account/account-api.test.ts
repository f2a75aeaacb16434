import { hashApiKey } from '@waymark/auth';
import { waitFor } from '@waymark/testkit';
import { operator } from '../identity/link-api-harness';
import { call, withLinksApiAndTenant, type Api, type TestTenant } from '../links/links-fixture';

let api: Api;
let tenant: TestTenant;

withLinksApiAndTenant((started, owner) => ((api = started), (tenant = owner)));

/** A key of the tenant with these scopes, once every part of link-api knows it. */
async function issue(scopes: string[]): Promise<{ id: string; key: string }> {
  const created = await operator(api.url, 'POST', `/tenants/${tenant.id}/keys`, { name: 'console', scopes });
  expect(created.status).toBe(201);
  const key = created.body.key as string;
  await waitFor(async () => (await call(api, key, 'GET', '/v1/me')).status === 200, { message: 'key on identity.v1' });
  return created.body;
}

describe('GET /v1/me', () => {
  it('answers the calling key and its tenant, never the secret', async () => {
    await operator(api.url, 'PUT', `/tenants/${tenant.id}/entitlements`, { entitlements: ['resolver'] });
    const { id, key } = await issue(['gs1:read', 'qr']);
    const me = await call(api, key, 'GET', '/v1/me');
    expect(me.status).toBe(200);
    expect(me.body).toEqual({
      tenant: {
        id: tenant.id,
        name: 'Links test',
        plan: expect.objectContaining({ name: 'pro' }),
        entitlements: ['resolver'],
        defaultDomain: tenant.domain,
        branding: { name: 'Links test' },
      },
      key: {
        id,
        name: 'console',
        prefix: expect.any(String),
        scopes: ['gs1:read', 'qr'],
        expiresAt: null,
        createdAt: expect.any(String),
      },
    });
    expect(key.startsWith(me.body.key.prefix)).toBe(true);
    expect(me.text).not.toContain(key);
    expect(me.text).not.toContain(hashApiKey(key));
  });

  it('answers 401 without a key, with an unknown key and with a revoked key', async () => {
    expect(await call(api, null, 'GET', '/v1/me')).toMatchObject({ status: 401, body: { code: 'unauthorized' } });
    const unknown = await call(api, `wm_live_${'B'.repeat(32)}`, 'GET', '/v1/me');
    expect(unknown).toMatchObject({ status: 401, body: { code: 'unauthorized' } });
    const { id, key } = await issue(['links:read']);
    expect((await operator(api.url, 'POST', `/keys/${id}/revoke`)).status).toBe(200);
    const refused = async () => (await call(api, key, 'GET', '/v1/me')).status === 401;
    await waitFor(refused, { message: 'revocation on identity.v1' });
    expect((await call(api, key, 'GET', '/v1/me')).body).toMatchObject({ code: 'unauthorized' });
  });
});

describe('PUT /v1/branding', () => {
  const branding = {
    name: 'Acme Drinks',
    primaryColor: '#0a7',
    backgroundColor: '#ffffff',
    logoUrl: 'https://cdn.acme.example/logo.svg',
  };
  const put = (key: string, body: unknown) => call(api, key, 'PUT', '/v1/branding', body);

  it("replaces the tenant's branding with links:write; the operator sees it", async () => {
    expect(await put(tenant.key, branding)).toMatchObject({ status: 200, body: branding });
    expect((await operator(api.url, 'GET', `/tenants/${tenant.id}`)).body.branding).toEqual(branding);
    expect((await call(api, tenant.key, 'GET', '/v1/me')).body.tenant.branding).toEqual(branding);
  });

  it('refuses a key without links:write, bad colours, unknown fields and screened URLs', async () => {
    const reader = await issue(['links:read']);
    expect(await put(reader.key, branding)).toMatchObject({ status: 403, body: { code: 'insufficient_scope' } });
    const bad = await put(tenant.key, { ...branding, primaryColor: 'red;background:url(x)' });
    expect(bad).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
    expect((await put(tenant.key, { ...branding, css: 'x' })).status).toBe(400);
    expect((await put(tenant.key, { name: '' })).status).toBe(400);
    const blocked = await put(tenant.key, { ...branding, fallbackUrl: 'https://blocked.example/' });
    expect(blocked).toMatchObject({ status: 422, body: { code: 'destination_rejected' } });
    expect((await operator(api.url, 'GET', `/tenants/${tenant.id}`)).body.branding).toEqual(branding);
  });
});
