import { DomainError, ENTITLEMENTS, type Gs1Record, type TenantState } from '@waymark/contracts';

/** The record's front domain: a verified domain of the tenant (its default when omitted). */
export function resolveGs1Domain(tenant: Pick<TenantState, 'defaultDomain' | 'domains'>, requested: string | undefined): string {
  const name = (requested ?? tenant.defaultDomain).toLowerCase();
  if (!name) throw new DomainError('validation_failed', 'domain: the tenant has no default domain; name one', [{ path: 'domain', message: 'required' }]);
  const domain = tenant.domains.find((d) => d.name.toLowerCase() === name);
  if (!domain || !domain.verified) {
    const message = domain ? `${name} is not verified yet` : `${name} is not a domain of this tenant`;
    throw new DomainError('validation_failed', `domain: ${message}`, [{ path: 'domain', message }]);
  }
  return name;
}

/** Spec 2.5: a linkset of more than one entry, or any data attribute, needs the tenant's resolver entitlement. */
export function assertResolverEntitlement(tenant: Pick<TenantState, 'entitlements'>, record: Gs1Record): void {
  if (tenant.entitlements.includes(ENTITLEMENTS.resolver)) return;
  if ((record.linkset?.length ?? 0) > 1) {
    throw new DomainError('entitlement_required', 'linkset: more than one entry needs the resolver entitlement');
  }
  if (record.ai !== undefined && Object.keys(record.ai).length > 0) {
    throw new DomainError('entitlement_required', 'ai: data attributes need the resolver entitlement');
  }
}
