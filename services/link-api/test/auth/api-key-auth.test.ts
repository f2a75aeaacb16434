import { hashApiKey } from '@waymark/auth';
import { uniqueName, waitFor } from '@waymark/testkit';
import { operator, startLinkApi, type LinkApiInstance } from '../support/link-api-harness';
import { startApiInstance, type ApiInstance } from '../support/api-service-harness';

let api: LinkApiInstance;
let first: ApiInstance;
let second: ApiInstance;
let tenantId: string;

beforeAll(async () => {
  api = await startLinkApi();
  const prefix = `${uniqueName('shared-rl')}:`;
  [first, second] = await Promise.all([startApiInstance(prefix), startApiInstance(prefix)]);
  const plan = uniqueName('tiny').replace(/-/g, '_').slice(0, 40);
  await operator(api.url, 'PUT', `/plans/${plan}`, {
    rateLimitPerMinute: 6,
    burst: 6,
    bulkRowCap: 10,
    exportsPerHour: 1,
  });
  tenantId = (await operator(api.url, 'POST', '/tenants', { name: 'Auth', plan })).body.id;
}, 60_000);

afterAll(async () => {
  await Promise.all([first?.stop(), second?.stop()]);
  await api?.stop();
});

async function issueKey(body: Record<string, unknown>, tenant = tenantId): Promise<{ id: string; key: string }> {
  const created = await operator(api.url, 'POST', `/tenants/${tenant}/keys`, body);
  expect(created.status).toBe(201);
  const hash = hashApiKey(created.body.key);
  // The tenant and the key travel on different identity.v1 partitions: wait for both, or a key can arrive first.
  const known = (instance: ApiInstance) =>
    instance.auth.identity.model.apiKey(hash) && instance.auth.identity.model.tenant(tenant);
  await waitFor(() => known(first) && known(second), { message: 'key and tenant at both instances' });
  return created.body;
}

const probe = (instance: ApiInstance, headers: Record<string, string>) =>
  fetch(`${instance.url}/v1/probe`, { headers });

describe('API key authentication from identity.v1', () => {
  it('reports ready once the identity model caught up', async () => {
    const ready = await waitFor(
      async () => {
        const response = await fetch(`${first.url}/readyz`);
        return response.status === 200 && response;
      },
      { message: 'readyz' },
    );
    expect(await ready.json()).toEqual({ status: 'ok', checks: { identity: 'ok' } });
    expect(first.auth.identity.caughtUp()).toBe(true);
  });

  it('accepts a key in either header, answers 401 without one, and enforces one limit across instances', async () => {
    const { key } = await issueKey({ scopes: ['links:read'] });
    const bearer = await probe(first, { authorization: `Bearer ${key}` });
    expect(bearer.status).toBe(200);
    expect(await bearer.json()).toMatchObject({ tenantId, key: { scopes: ['links:read'] } });
    expect(bearer.headers.get('ratelimit-policy')).toMatch(/^"tiny[^"]*";q=6;w=60$/);
    expect((await probe(second, { 'x-api-key': key })).status).toBe(200);
    expect(await (await probe(first, {})).json()).toMatchObject({ code: 'unauthorized' });

    // Six per minute for the tenant in all: two used; the remaining four alternate between the two instances.
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await probe(i % 2 ? first : second, { 'x-api-key': key })).status);
    expect(statuses).toEqual([200, 200, 200, 200]);
    const limited = await probe(first, { 'x-api-key': key });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ code: 'rate_limited' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(limited.headers.get('ratelimit')).toMatch(/;r=0;t=\d+$/);
    expect((await probe(second, { 'x-api-key': key })).status).toBe(429);
  });
});

describe('refused keys', () => {
  // A tenant of its own, so the rate limit spent above cannot mask what these tests look at.
  let refusals: string;
  beforeAll(async () => {
    refusals = (await operator(api.url, 'POST', '/tenants', { name: 'Refusals', plan: 'pro' })).body.id;
  });

  it('refuses a key without the route scope with 403 insufficient_scope', async () => {
    const other = await issueKey({ scopes: ['qr', 'links:write'] }, refusals);
    const response = await probe(second, { 'x-api-key': other.key });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: 'insufficient_scope' });
  });

  it('refuses a well-formed key nobody issued, and two different keys in the two headers', async () => {
    const known = await issueKey({ scopes: ['links:read'] }, refusals);
    expect((await probe(first, { 'x-api-key': `wm_live_${'A'.repeat(32)}` })).status).toBe(401);
    expect(
      (await probe(first, { authorization: `Bearer ${known.key}`, 'x-api-key': `wm_live_${'A'.repeat(32)}` })).status,
    ).toBe(401);
  });

  it('refuses a revoked key once the revocation propagates', async () => {
    const revokedKey = await issueKey({ scopes: ['links:read'] }, refusals);
    await operator(api.url, 'POST', `/keys/${revokedKey.id}/revoke`);
    await waitFor(() => first.auth.identity.model.apiKey(hashApiKey(revokedKey.key))?.revoked, {
      message: 'revocation',
    });
    const response = await probe(first, { 'x-api-key': revokedKey.key });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'API key has been revoked', code: 'unauthorized' });
  });

  it('refuses an expired key', async () => {
    const expiring = await issueKey(
      { scopes: ['links:read'], expiresAt: new Date(Date.now() + 3_600_000).toISOString() },
      refusals,
    );
    first.setClock(new Date(Date.now() + 7_200_000));
    try {
      const response = await probe(first, { 'x-api-key': expiring.key });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: 'API key has expired', code: 'unauthorized' });
    } finally {
      first.setClock(new Date());
    }
  });
});
