import { DomainError } from './errors';
import type { TenantState } from './events/identity-state';

type TenantDomains = Pick<TenantState, 'defaultDomain' | 'domains'>;

/**
 * Whether a link (short or GS1) may go on `requested`, or the tenant's default when it is not a string: only the
 * tenant's own verified domains take links. Reads the request leniently, before validation.
 */
export function isUsableDomain(tenant: TenantDomains, requested: unknown): boolean {
  const name = (typeof requested === 'string' ? requested : tenant.defaultDomain).toLowerCase();
  return tenant.domains.some((d) => d.name.toLowerCase() === name && d.verified);
}

/**
 * The domain a new link goes on: the one asked for, or the tenant's default, lower-cased. An unverified or foreign
 * domain is a validation failure naming the field.
 */
export function resolveLinkDomain(tenant: TenantDomains, requested: string | undefined): string {
  const name = (requested ?? tenant.defaultDomain).toLowerCase();
  if (!name) {
    throw new DomainError('validation_failed', 'domain: the tenant has no default domain; name one', [
      { path: 'domain', message: 'required' },
    ]);
  }
  const domain = tenant.domains.find((d) => d.name.toLowerCase() === name);
  if (!domain || !domain.verified) {
    const message = domain ? `${name} is not verified yet` : `${name} is not a domain of this tenant`;
    throw new DomainError('validation_failed', `domain: ${message}`, [{ path: 'domain', message }]);
  }
  return name;
}
