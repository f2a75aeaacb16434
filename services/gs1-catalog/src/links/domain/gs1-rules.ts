import { DomainError, ENTITLEMENTS, type Gs1Record, type TenantState } from '@waymark/contracts';

/** The record's front domain: a verified domain of the tenant (its default when omitted). */
export function resolveGs1Domain(
  tenant: Pick<TenantState, 'defaultDomain' | 'domains'>,
  requested: string | undefined,
): string {
  const name = (requested ?? tenant.defaultDomain).toLowerCase();
  if (!name)
    throw new DomainError('validation_failed', 'domain: the tenant has no default domain; name one', [
      { path: 'domain', message: 'required' },
    ]);
  const domain = tenant.domains.find((d) => d.name.toLowerCase() === name);
  if (!domain || !domain.verified) {
    const message = domain ? `${name} is not verified yet` : `${name} is not a domain of this tenant`;
    throw new DomainError('validation_failed', `domain: ${message}`, [{ path: 'domain', message }]);
  }
  return name;
}

/**
 * Whether the tenant passes the domain and entitlement checks for a record as submitted (read leniently, before
 * validation): decides whether a refusal should first catch up with identity.v1.
 */
export function tenantAccepts(
  tenant: Pick<TenantState, 'defaultDomain' | 'domains' | 'entitlements'>,
  raw: unknown,
): boolean {
  const record = (raw ?? {}) as { domain?: unknown; linkset?: unknown; ai?: unknown };
  const name = (typeof record.domain === 'string' ? record.domain : tenant.defaultDomain).toLowerCase();
  if (!tenant.domains.some((d) => d.name.toLowerCase() === name && d.verified)) return false;
  if (tenant.entitlements.includes(ENTITLEMENTS.resolver)) return true;
  const entries = Array.isArray(record.linkset) ? record.linkset.length : 0;
  const attributes = typeof record.ai === 'object' && record.ai !== null ? Object.keys(record.ai).length : 0;
  return entries <= 1 && attributes === 0;
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
