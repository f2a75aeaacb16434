import { isDomainError } from './errors';
import { isUsableDomain, resolveLinkDomain } from './link-domain';

const tenant = {
  defaultDomain: 'go.acme.test',
  domains: [
    { name: 'go.acme.test', verified: true },
    { name: 'Print.Acme.test', verified: true },
    { name: 'new.acme.test', verified: false },
  ],
};

const refusal = (requested: string | undefined, of = tenant) => {
  try {
    resolveLinkDomain(of, requested);
  } catch (error) {
    if (isDomainError(error)) return { code: error.code, message: error.message };
  }
  return null;
};

describe('the verified-domain rule of links and GS1 links', () => {
  it("puts a link on the domain asked for, else the tenant's default, in lower case", () => {
    expect(resolveLinkDomain(tenant, undefined)).toBe('go.acme.test');
    expect(resolveLinkDomain(tenant, 'PRINT.acme.test')).toBe('print.acme.test');
    expect(isUsableDomain(tenant, 'print.ACME.test')).toBe(true);
    expect(isUsableDomain(tenant, undefined)).toBe(true);
    expect(isUsableDomain(tenant, 42)).toBe(true);
  });

  it('refuses an unverified or foreign domain, and a tenant without a default, naming the field', () => {
    expect(refusal('new.acme.test')).toEqual({
      code: 'validation_failed',
      message: 'domain: new.acme.test is not verified yet',
    });
    expect(refusal('evil.test')).toEqual({
      code: 'validation_failed',
      message: 'domain: evil.test is not a domain of this tenant',
    });
    expect(refusal(undefined, { ...tenant, defaultDomain: '' })?.message).toMatch(/no default domain/);
    expect(isUsableDomain(tenant, 'new.acme.test')).toBe(false);
    expect(isUsableDomain(tenant, 'evil.test')).toBe(false);
  });
});
