import { FAILED_AUTHENTICATION_POLICY, hashApiKey } from '@waymark/auth';
import { uniqueName, waitFor } from '@waymark/testkit';
import { loadConfig } from '../../src';
import { operator, startLinkApi, type LinkApiInstance } from '../support/link-api-harness';

let first: LinkApiInstance;
let second: LinkApiInstance;

beforeAll(async () => {
  const rateLimitPrefix = `${uniqueName('two-instances')}:`;
  const a = await startLinkApi({ rateLimitPrefix });
  first = a;
  // One installation: the second instance shares the first's database, Redis prefix and consumer groups.
  const { CHANNELS_CONSUMER_GROUP, LINK_ACTIVITY_CONSUMER_GROUP } = a.config;
  second = await startLinkApi({
    databaseUrl: a.databaseUrl,
    rateLimitPrefix,
    env: { CHANNELS_CONSUMER_GROUP, LINK_ACTIVITY_CONSUMER_GROUP },
  });
}, 60_000);

afterAll(async () => {
  // Together: one leaving alone starts a rebalance the other would wait out before it can leave too.
  await Promise.all([second?.stop(), first?.stop()]);
});

const listLinks = (instance: LinkApiInstance, key: string) =>
  fetch(`${instance.url}/v1/links`, { headers: { authorization: `Bearer ${key}` } });

describe('link-api instances sharing Postgres and Redis', () => {
  it('authenticate a key issued at one instance at the other, and hold one rate limit between them', async () => {
    const plan = uniqueName('four').replace(/-/g, '_').slice(0, 40);
    await operator(first.url, 'PUT', `/plans/${plan}`, {
      rateLimitPerMinute: 4,
      burst: 4,
      bulkRowCap: 10,
      exportsPerHour: 1,
    });
    const tenant = (await operator(first.url, 'POST', '/tenants', { name: 'Twins', plan })).body;
    const { key } = (await operator(first.url, 'POST', `/tenants/${tenant.id}/keys`, { scopes: ['links:read'] })).body;
    await waitFor(async () => (await listLinks(second, key)).status === 200, {
      message: 'key known at the second instance',
    });
    await waitFor(async () => (await listLinks(first, key)).status !== 401, {
      message: 'key known at the first instance',
    });

    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await listLinks(i % 2 ? first : second, key)).status);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    const limited = await listLinks(first, key);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await limited.json()).toMatchObject({ code: 'rate_limited' });
  });

  it('throttle failed authentication per client address across instances, never a good key', async () => {
    const tenant = (await operator(first.url, 'POST', '/tenants', { name: 'Neighbour', plan: 'pro' })).body;
    const { key } = (await operator(first.url, 'POST', `/tenants/${tenant.id}/keys`, { scopes: ['links:read'] })).body;
    await waitFor(async () => (await listLinks(second, key)).status === 200, { message: 'key known' });
    await waitFor(async () => (await listLinks(first, key)).status === 200, { message: 'key known' });
    const from = (address: string, instance: LinkApiInstance, authorization: string, path = '/v1/links') =>
      fetch(`${instance.url}${path}`, { headers: { authorization, 'x-forwarded-for': address } });

    /** Failed attempts from one address, alternating instances, until one is throttled (a slot refills every 2 s). */
    const failUntilThrottled = async (address: string, authorization: string, path?: string) => {
      const statuses: number[] = [];
      let last: Response | undefined;
      for (let i = 0; i < FAILED_AUTHENTICATION_POLICY.burst! + 10 && last?.status !== 429; i += 1) {
        last = await from(address, i % 2 ? first : second, authorization, path);
        statuses.push(last.status);
      }
      return { statuses, last: last! };
    };

    const guess = `Bearer wm_live_${'G'.repeat(32)}`;
    const { statuses, last: throttled } = await failUntilThrottled('198.51.100.23', guess);
    expect(statuses.slice(0, FAILED_AUTHENTICATION_POLICY.burst)).toEqual(
      Array(FAILED_AUTHENTICATION_POLICY.burst).fill(401),
    );
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await throttled.json()).toEqual({ error: expect.any(String), code: 'rate_limited' });
    expect((await from('198.51.100.23', second, `Bearer ${key}`)).status).toBe(200);
    expect((await from('198.51.100.24', first, guess)).status).toBe(401);
    const operatorGuesses = await failUntilThrottled('198.51.100.25', 'Bearer wrong-token', '/admin/v1/tenants');
    expect(operatorGuesses.last.status).toBe(429);
  });

  it('record when a key was last used, off the request path', async () => {
    const tenant = (await operator(first.url, 'POST', '/tenants', { name: 'Usage', plan: 'pro' })).body;
    const { key, id } = (await operator(first.url, 'POST', `/tenants/${tenant.id}/keys`, { scopes: ['links:read'] }))
      .body;
    await waitFor(async () => (await listLinks(second, key)).status === 200, { message: 'authenticated call' });
    const listed = await waitFor(
      async () => {
        const { body } = await operator(first.url, 'GET', `/tenants/${tenant.id}/keys`);
        return body.keys.find((k: { id: string; lastUsedAt: string | null }) => k.id === id && k.lastUsedAt);
      },
      { message: 'lastUsedAt', timeoutMs: 15_000 },
    );
    expect(Date.parse(listed.lastUsedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(hashApiKey(key)).toHaveLength(64);
  });
});

describe('the link read cache of two instances', () => {
  const send = async (instance: LinkApiInstance, key: string, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${instance.url}${path}`, {
      method,
      headers: { 'x-api-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  };

  it('never serves one instance a link as it was before a write through the other', async () => {
    const domain = `${uniqueName('twin')}.example.test`;
    const tenant = (
      await operator(first.url, 'POST', '/tenants', {
        name: 'Cache',
        plan: 'pro',
        defaultDomain: domain,
        verifyDefaultDomain: true,
      })
    ).body;
    const { key } = (
      await operator(first.url, 'POST', `/tenants/${tenant.id}/keys`, { scopes: ['links:read', 'links:write'] })
    ).body;
    const code = uniqueName('cached');
    for (const instance of [first, second]) {
      await waitFor(async () => (await send(instance, key, 'GET', `/v1/links/${code}`)).status === 404, {
        message: 'tenant and key at both instances',
      });
    }

    // A "no such code" read (and so possibly cached) at the second instance, then the code is created at the first.
    expect((await send(second, key, 'GET', `/v1/links/${code}`)).status).toBe(404);
    expect((await send(first, key, 'POST', '/v1/links', { destination: 'https://example.com/one', code })).status).toBe(
      201,
    );
    expect(await send(second, key, 'GET', `/v1/links/${code}`)).toMatchObject({
      status: 200,
      body: { destination: 'https://example.com/one' },
    });

    // Read at the second (cached there), re-pointed at the first: the very next read at the second follows.
    expect((await send(second, key, 'GET', `/v1/links/${code}`)).body.destination).toBe('https://example.com/one');
    expect(
      (await send(first, key, 'PATCH', `/v1/links/${code}`, { destination: 'https://example.com/two' })).status,
    ).toBe(200);
    expect(await send(second, key, 'GET', `/v1/links/${code}`)).toMatchObject({
      status: 200,
      body: { destination: 'https://example.com/two' },
    });
    expect((await send(first, key, 'GET', `/v1/links/${code}`)).body.destination).toBe('https://example.com/two');

    // Deleted at the second: gone at the first at once.
    expect((await send(first, key, 'GET', `/v1/links/${code}`)).status).toBe(200);
    expect((await send(second, key, 'DELETE', `/v1/links/${code}`)).status).toBe(204);
    expect((await send(first, key, 'GET', `/v1/links/${code}`)).status).toBe(404);
  });
});

describe('configuration', () => {
  it('refuses to start on bad variables, naming each of them', () => {
    expect(() =>
      loadConfig({
        PORT: 'eighty',
        OPERATOR_TOKEN: 'short',
        DNS_SERVERS: 'not a server',
        PLAN_CATALOG: '[{"name":1}]',
      }),
    ).toThrow(/PORT[\s\S]*OPERATOR_TOKEN[\s\S]*DNS_SERVERS[\s\S]*PLAN_CATALOG/);
  });
});
