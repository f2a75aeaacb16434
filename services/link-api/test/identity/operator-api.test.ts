import { startIdentityModel, type IdentityModelHandle } from '@waymark/auth';
import { KafkaEventBus } from '@waymark/events';
import { createLogger } from '@waymark/logging';
import { getTestInfra, startLocalDns, uniqueName, waitFor, type LocalDns } from '@waymark/testkit';
import { hashApiKey } from '@waymark/auth';
import { operator, startLinkApi, type LinkApiInstance } from '../support/link-api-harness';

let api: LinkApiInstance;
let dns: LocalDns;
let watcher: { bus: KafkaEventBus; identity: IdentityModelHandle };

beforeAll(async () => {
  dns = await startLocalDns();
  api = await startLinkApi({ env: { DNS_SERVERS: dns.address, DNS_TIMEOUT: '2s' } });
  const logger = createLogger({ service: 'watcher', level: 'error' });
  const bus = await KafkaEventBus.connect({
    brokers: getTestInfra().kafka.brokers,
    clientId: uniqueName('watcher'),
    logger,
  });
  watcher = { bus, identity: await startIdentityModel({ bus, logger }) };
}, 60_000);

afterAll(async () => {
  await watcher?.identity.stop();
  await watcher?.bus.close();
  await api?.stop();
  await dns?.close();
});

const domainName = () => `${uniqueName('d')}.example.test`;

describe('operator API', () => {
  it('refuses calls without the operator token, or with a wrong one', async () => {
    expect((await fetch(`${api.url}/admin/v1/tenants`)).status).toBe(401);
    const wrong = await fetch(`${api.url}/admin/v1/tenants`, { headers: { authorization: 'Bearer not-the-token' } });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: 'Invalid operator token', code: 'unauthorized' });
  });

  it('creates a tenant with a verified default domain and publishes it on identity.v1', async () => {
    const domain = domainName();
    const created = await operator(api.url, 'POST', '/tenants', {
      name: 'Acme',
      plan: 'pro',
      defaultDomain: domain,
      verifyDefaultDomain: true,
      branding: { name: 'Acme Inc', primaryColor: '#ff0000', fallbackUrl: 'https://acme.example/' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Acme',
      plan: { name: 'pro' },
      defaultDomain: domain,
      domains: [{ name: domain, verified: true, verifiedBy: 'operator' }],
    });
    const id = created.body.id as string;
    expect(created.headers.get('location')).toBe(`/admin/v1/tenants/${id}`);
    expect((await operator(api.url, 'GET', `/tenants/${id}`)).body.id).toBe(id);

    const state = await waitFor(() => watcher.identity.model.tenant(id), { message: 'tenant on identity.v1' });
    expect(state).toMatchObject({
      name: 'Acme',
      defaultDomain: domain,
      domains: [{ name: domain, verified: true }],
      branding: { primaryColor: '#ff0000' },
    });
    expect(watcher.identity.model.domain(domain)).toEqual({ tenantId: id, verified: true });
  });

  it('validates bodies and names unknown tenants and plans', async () => {
    expect((await operator(api.url, 'POST', '/tenants', { name: 'X', plan: 'nope' })).body.code).toBe(
      'validation_failed',
    );
    expect(
      (await operator(api.url, 'POST', '/tenants', { name: 'X', branding: { name: 'X', primaryColor: 'red;}' } }))
        .status,
    ).toBe(400);
    expect((await operator(api.url, 'GET', '/tenants/unknown')).status).toBe(404);
  });

  it('changes entitlements and plans, republishing the tenant', async () => {
    const { body: tenant } = await operator(api.url, 'POST', '/tenants', { name: 'Plans', plan: 'free' });
    const plan = uniqueName('plan').replace(/-/g, '_').slice(0, 40);
    expect(
      (
        await operator(api.url, 'PUT', `/plans/${plan}`, {
          rateLimitPerMinute: 10,
          burst: 5,
          bulkRowCap: 50,
          exportsPerHour: 1,
        })
      ).status,
    ).toBe(200);
    await operator(api.url, 'PATCH', `/tenants/${tenant.id}`, { plan });
    await operator(api.url, 'PUT', `/tenants/${tenant.id}/entitlements`, { entitlements: ['resolver'] });
    await waitFor(() => watcher.identity.model.tenant(tenant.id)?.entitlements.includes('resolver'), {
      message: 'entitlement',
    });
    await operator(api.url, 'PUT', `/plans/${plan}`, {
      rateLimitPerMinute: 20,
      burst: 5,
      bulkRowCap: 50,
      exportsPerHour: 1,
    });
    await waitFor(() => watcher.identity.model.tenant(tenant.id)?.plan.rateLimitPerMinute === 20, {
      message: 'new plan limit',
    });
    expect((await operator(api.url, 'GET', '/plans')).body.plans.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['free', 'pro', plan]),
    );
  });

  it('issues a key once, lists it without the secret, and publishes only its hash until revoked', async () => {
    const { body: tenant } = await operator(api.url, 'POST', '/tenants', { name: 'Keys' });
    const created = await operator(api.url, 'POST', `/tenants/${tenant.id}/keys`, {
      name: 'ci',
      scopes: ['links:read', 'qr'],
    });
    expect(created.status).toBe(201);
    expect(created.body.key).toMatch(/^wm_live_[A-Za-z0-9_-]{32}$/);
    expect(created.body.prefix).toBe(created.body.key.slice(0, 12));
    const listed = await operator(api.url, 'GET', `/tenants/${tenant.id}/keys`);
    expect(listed.body.keys).toEqual([expect.not.objectContaining({ key: expect.anything() })]);
    expect(JSON.stringify(listed.body)).not.toContain(created.body.key);

    const hash = hashApiKey(created.body.key);
    await waitFor(() => watcher.identity.model.apiKey(hash), { message: 'key on identity.v1' });
    const revoked = await operator(api.url, 'POST', `/keys/${created.body.id}/revoke`);
    expect(revoked.body.revokedAt).toEqual(expect.any(String));
    await waitFor(() => watcher.identity.model.apiKey(hash)?.revoked, { message: 'revocation on identity.v1' });
    expect(
      (
        await operator(api.url, 'POST', `/tenants/${tenant.id}/keys`, {
          scopes: ['links:read'],
          expiresAt: '2000-01-01T00:00:00Z',
        })
      ).status,
    ).toBe(400);
  });

  it('verifies a domain by its DNS TXT record on a local DNS server', async () => {
    const { body: tenant } = await operator(api.url, 'POST', '/tenants', { name: 'Dns' });
    const name = domainName();
    const added = await operator(api.url, 'POST', `/tenants/${tenant.id}/domains`, { name });
    expect(added.body).toMatchObject({
      verified: false,
      verification: { recordName: `_waymark.${name}`, recordType: 'TXT' },
    });

    const missing = await operator(api.url, 'POST', `/domains/${name}/verify`, {});
    expect(missing.status).toBe(409);
    expect(missing.body.code).toBe('conflict');

    dns.setTxt(`_waymark.${name}`, ['unrelated', added.body.verification.value]);
    const verified = await operator(api.url, 'POST', `/domains/${name}/verify`, {});
    expect(verified.body).toMatchObject({ name, verified: true, verifiedBy: 'dns' });
    await waitFor(() => watcher.identity.model.domain(name)?.verified, { message: 'verified domain on identity.v1' });

    expect((await operator(api.url, 'POST', `/tenants/${tenant.id}/domains`, { name })).status).toBe(409);
    expect((await operator(api.url, 'DELETE', `/domains/${name}`)).status).toBe(204);
    await waitFor(() => watcher.identity.model.domain(name) === undefined, { message: 'domain removed' });
  });

  it("removes a tenant's default domain, leaving it none, and refuses a domain that is taken or not its own", async () => {
    const taken = domainName();
    const other = await operator(api.url, 'POST', '/tenants', { name: 'Other', defaultDomain: taken });
    expect((await operator(api.url, 'POST', '/tenants', { name: 'Late', defaultDomain: taken })).status).toBe(409);
    const { body: tenant } = await operator(api.url, 'POST', '/tenants', { name: 'Domains' });
    const name = domainName();
    const added = await operator(api.url, 'POST', `/tenants/${tenant.id}/domains`, { name, verified: true });
    expect(added.body).toMatchObject({ name, tenantId: tenant.id, verified: true, verifiedBy: 'operator' });
    const foreign = await operator(api.url, 'PATCH', `/tenants/${tenant.id}`, { defaultDomain: taken });
    expect(foreign.body.code).toBe('validation_failed');
    expect((await operator(api.url, 'PATCH', `/tenants/${tenant.id}`, { defaultDomain: name })).body).toMatchObject({
      defaultDomain: name,
    });
    await waitFor(() => watcher.identity.model.tenant(tenant.id)?.defaultDomain === name, { message: 'default' });

    expect((await operator(api.url, 'DELETE', `/domains/${name}`)).status).toBe(204);
    expect((await operator(api.url, 'GET', `/tenants/${tenant.id}`)).body).toMatchObject({
      defaultDomain: null,
      domains: [],
    });
    await waitFor(() => watcher.identity.model.tenant(tenant.id)?.defaultDomain === '', { message: 'no default' });
    expect((await operator(api.url, 'DELETE', `/domains/${name}`)).status).toBe(404);
    expect((await operator(api.url, 'GET', `/tenants/${other.body.id}`)).body.defaultDomain).toBe(taken);
  });

  it('keeps the first revocation time when a key is revoked again', async () => {
    const { body: tenant } = await operator(api.url, 'POST', '/tenants', { name: 'Revoke twice' });
    const { body: key } = await operator(api.url, 'POST', `/tenants/${tenant.id}/keys`, { scopes: ['links:read'] });
    const first = await operator(api.url, 'POST', `/keys/${key.id}/revoke`);
    const second = await operator(api.url, 'POST', `/keys/${key.id}/revoke`);
    expect(second.body.revokedAt).toBe(first.body.revokedAt);
    expect((await operator(api.url, 'POST', '/keys/unknown/revoke')).status).toBe(404);
  });

  it.each([
    ['bad', (i: number) => `bogus-${i}`],
    ['valid but repeated', () => 'links:read'],
  ])('refuses 20,000 %s scopes in a bounded time, with a bounded error body', async (_kind, scope) => {
    const { body: tenant } = await operator(api.url, 'POST', '/tenants', { name: 'Many scopes' });
    const scopes = Array.from({ length: 20_000 }, (_, i) => scope(i));
    const started = performance.now();
    const refused = await operator(api.url, 'POST', `/tenants/${tenant.id}/keys`, { name: 'many', scopes });
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      error: 'body.scopes: must have at most 9 items (it has 20000)',
      code: 'validation_failed',
      details: [{ path: 'body.scopes', message: 'must have at most 9 items (it has 20000)' }],
    });
  });

  it('lists at most 20 issues and says how many more there were', async () => {
    const entitlements = Array.from({ length: 50 }, (_, i) => `${i}`.padEnd(65, 'x'));
    const refused = await operator(api.url, 'POST', '/tenants', { name: 'x', entitlements, branding: { name: 5 } });
    expect(refused.status).toBe(400);
    expect(refused.body.details).toHaveLength(20);
    expect(refused.body.error).toMatch(/\(and 50 more; details lists the first 20\)$/);
  });
});
