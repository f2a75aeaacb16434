import { DomainError, type TenantState } from '@waymark/contracts';

/** `expiresAt` must be an instant in the future when it is set (create or PATCH). */
export function parseFutureExpiry(expiresAt: string, now: Date): Date {
  const at = new Date(expiresAt);
  if (at.getTime() <= now.getTime()) {
    throw new DomainError('validation_failed', 'expiresAt: must be in the future', [
      { path: 'expiresAt', message: 'must be in the future' },
    ]);
  }
  return at;
}

/** Whether a link may go on `requested` (or the default): a verified domain of the tenant. */
export function isUsableDomain(tenant: Pick<TenantState, 'defaultDomain' | 'domains'>, requested: unknown): boolean {
  const name = (typeof requested === 'string' ? requested : tenant.defaultDomain).toLowerCase();
  return tenant.domains.some((d) => d.name.toLowerCase() === name && d.verified);
}

/**
 * The domain a new link goes on: the one asked for, or the tenant's default. Only the tenant's own verified domains
 * accept links; an unverified or foreign domain is a validation failure naming the field.
 */
export function resolveLinkDomain(
  tenant: Pick<TenantState, 'defaultDomain' | 'domains'>,
  requested: string | undefined,
): string {
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
