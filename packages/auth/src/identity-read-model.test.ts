import type { ApiKeyState, TenantState } from '@waymark/contracts';
import { IdentityReadModel } from './identity-read-model';

const tenant = (over: Partial<TenantState> = {}): TenantState => ({
  version: 1,
  eventId: 'e1',
  type: 'tenant',
  id: 't1',
  name: 'Acme',
  plan: { name: 'free', rateLimitPerMinute: 60, burst: 10, bulkRowCap: 100, exportsPerHour: 5 },
  entitlements: [],
  defaultDomain: 'acme.link',
  domains: [{ name: 'acme.link', verified: true }],
  branding: { name: 'Acme' },
  ...over,
});

const key = (over: Partial<ApiKeyState> = {}): ApiKeyState => ({
  version: 1,
  eventId: 'e2',
  type: 'api_key',
  hash: 'a'.repeat(64),
  prefix: 'wm_live_abcd',
  tenantId: 't1',
  scopes: ['links:read'],
  expiresAt: null,
  revoked: false,
  ...over,
});

describe('IdentityReadModel', () => {
  it('indexes tenants, their domains and keys', () => {
    const model = new IdentityReadModel();
    model.apply([
      { key: 'tenant:t1', value: tenant() },
      { key: `key:${'a'.repeat(64)}`, value: key() },
    ]);
    expect(model.tenant('t1')?.name).toBe('Acme');
    expect(model.domain('ACME.link')).toEqual({ tenantId: 't1', verified: true });
    expect(model.apiKey('a'.repeat(64))?.scopes).toEqual(['links:read']);
  });

  it('replaces a tenant and forgets the domains it no longer lists', () => {
    const model = new IdentityReadModel();
    model.apply([{ key: 'tenant:t1', value: tenant() }]);
    model.apply([{ key: 'tenant:t1', value: tenant({ domains: [{ name: 'go.acme.com', verified: false }] }) }]);
    expect(model.domain('acme.link')).toBeUndefined();
    expect(model.domain('go.acme.com')).toEqual({ tenantId: 't1', verified: false });
  });

  it('applies tombstones for tenants and keys', () => {
    const model = new IdentityReadModel();
    model.apply([
      { key: 'tenant:t1', value: tenant() },
      { key: `key:${'a'.repeat(64)}`, value: key() },
    ]);
    model.apply([
      { key: 'tenant:t1', value: null },
      { key: `key:${'a'.repeat(64)}`, value: null },
    ]);
    expect(model.size).toEqual({ tenants: 0, keys: 0, domains: 0 });
  });
});
