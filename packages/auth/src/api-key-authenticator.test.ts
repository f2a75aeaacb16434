import type { Request } from 'express';
import { MemoryRateLimiter } from '@waymark/cache';
import { DomainError, type ApiKeyState, type TenantState } from '@waymark/contracts';
import { FreshReads } from '@waymark/events';
import { generateApiKey } from './api-key';
import { createApiKeyAuthenticator } from './api-key-authenticator';
import { IdentityReadModel } from './identity-read-model';

const NOW = new Date('2030-06-01T12:00:00Z');
const tenant: TenantState = {
  version: 1,
  eventId: 'e',
  type: 'tenant',
  id: 't1',
  name: 'Acme',
  plan: { name: 'tiny', rateLimitPerMinute: 2, burst: 2, bulkRowCap: 10, exportsPerHour: 1 },
  entitlements: [],
  defaultDomain: '',
  domains: [],
  branding: { name: 'Acme' },
};

/** `inFlight`: the key's record is still on its way (published, not applied) and arrives with the next catch-up. */
function setup(over: Partial<ApiKeyState> = {}, inFlight = false) {
  const generated = generateApiKey();
  const identity = new IdentityReadModel();
  const state: ApiKeyState = {
    version: 1,
    eventId: 'k',
    type: 'api_key',
    hash: generated.hash,
    prefix: generated.displayPrefix,
    tenantId: 't1',
    scopes: ['links:read'],
    expiresAt: null,
    revoked: false,
    ...over,
  };
  const records = [
    { key: 'tenant:t1', value: tenant },
    { key: `key:${state.hash}`, value: state },
  ];
  let catchUps = 0;
  const topic = { catchUp: async () => void ((catchUps += 1), inFlight && identity.apply(records)) };
  if (!inFlight) identity.apply(records);
  const used: string[] = [];
  const authenticator = createApiKeyAuthenticator({
    identity,
    fresh: new FreshReads([topic]),
    rateLimiter: new MemoryRateLimiter({ clock: () => NOW.getTime() }),
    clock: () => NOW,
    onKeyUsed: (h) => used.push(h),
  });
  return { key: generated.key, authenticator, used, catchUps: () => catchUps };
}

function request(headers: Record<string, string>) {
  const set: Record<string, string> = {};
  const req = {
    header: (n: string) => headers[n.toLowerCase()],
    res: { setHeader: (n: string, v: string) => (set[n] = v) },
  };
  return { req: req as unknown as Request, set };
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    return error instanceof DomainError ? error.code : String(error);
  }
}

describe('API key authenticator', () => {
  it('accepts a valid key in either header and records its use', async () => {
    const { key, authenticator, used } = setup();
    const a = request({ authorization: `Bearer ${key}` });
    await expect(authenticator.authenticate(a.req, 'api_key', ['links:read'])).resolves.toMatchObject({
      tenantId: 't1',
    });
    expect(a.set['RateLimit-Policy']).toBe('"tiny";q=2;w=60');
    await expect(authenticator.authenticate(request({ 'x-api-key': key }).req, 'api_key', [])).resolves.toBeDefined();
    expect(used).toHaveLength(2);
  });

  it('refuses missing, unknown, revoked and expired keys with unauthorized', async () => {
    const { authenticator } = setup();
    expect(await codeOf(authenticator.authenticate(request({}).req, 'api_key', []))).toBe('unauthorized');
    expect(
      await codeOf(authenticator.authenticate(request({ 'x-api-key': generateApiKey().key }).req, 'api_key', [])),
    ).toBe('unauthorized');
    const revoked = setup({ revoked: true });
    expect(
      await codeOf(revoked.authenticator.authenticate(request({ 'x-api-key': revoked.key }).req, 'api_key', [])),
    ).toBe('unauthorized');
    const expired = setup({ expiresAt: '2030-06-01T11:59:59Z' });
    expect(
      await codeOf(expired.authenticator.authenticate(request({ 'x-api-key': expired.key }).req, 'api_key', [])),
    ).toBe('unauthorized');
  });

  it('accepts a key issued a moment ago whose record the model has not applied yet, by catching up first', async () => {
    const { key, authenticator, catchUps } = setup({}, true);
    await expect(
      authenticator.authenticate(request({ 'x-api-key': key }).req, 'api_key', ['links:read']),
    ).resolves.toMatchObject({ tenantId: 't1' });
    expect(catchUps()).toBe(1);
    await authenticator.authenticate(request({ 'x-api-key': key }).req, 'api_key', ['links:read']);
    expect(catchUps()).toBe(1);
  });

  it('refuses a key without the route scope with insufficient_scope', async () => {
    const { key, authenticator, used } = setup();
    expect(
      await codeOf(authenticator.authenticate(request({ 'x-api-key': key }).req, 'api_key', ['links:write'])),
    ).toBe('insufficient_scope');
    expect(used).toHaveLength(0);
  });

  it('answers rate_limited with Retry-After beyond the plan limit', async () => {
    const { key, authenticator } = setup();
    for (let i = 0; i < 2; i += 1) await authenticator.authenticate(request({ 'x-api-key': key }).req, 'api_key', []);
    const third = request({ 'x-api-key': key });
    expect(await codeOf(authenticator.authenticate(third.req, 'api_key', []))).toBe('rate_limited');
    expect(Number(third.set['Retry-After'])).toBeGreaterThanOrEqual(1);
    expect(third.set.RateLimit).toMatch(/^"tiny";r=0;t=\d+$/);
  });
});
