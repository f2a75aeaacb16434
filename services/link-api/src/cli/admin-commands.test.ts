import { toAdminRequest } from './admin-commands';

describe('admin CLI arguments', () => {
  it('maps tenant create to the operator API', () => {
    expect(toAdminRequest(['tenant', 'create', '--name', 'Acme', '--domain', 'acme.link', '--verify-domain'])).toEqual({
      method: 'POST', path: '/tenants', body: { name: 'Acme', plan: undefined, defaultDomain: 'acme.link', verifyDefaultDomain: true },
    });
  });

  it('maps key create with scopes and expiry', () => {
    expect(toAdminRequest(['key', 'create', 't1', '--scopes', 'links:read, qr', '--expires', '2031-01-01T00:00:00Z'])).toEqual({
      method: 'POST', path: '/tenants/t1/keys', body: { name: undefined, scopes: ['links:read', 'qr'], expiresAt: '2031-01-01T00:00:00Z' },
    });
  });

  it('escapes path segments and refuses unknown commands and missing arguments', () => {
    expect(toAdminRequest(['domain', 'verify', 'localhost:8081', '--operator']).path).toBe('/domains/localhost%3A8081/verify');
    expect(() => toAdminRequest(['tenant', 'explode'])).toThrow(/usage/);
    expect(() => toAdminRequest(['key', 'revoke'])).toThrow(/missing KEY_ID/);
    expect(() => toAdminRequest(['plan', 'set', 'p', '--rate', 'lots'])).toThrow(/--rate/);
  });
});
