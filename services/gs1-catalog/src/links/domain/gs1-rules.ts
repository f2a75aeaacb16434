import { DomainError, ENTITLEMENTS, isUsableDomain, type Gs1Record, type TenantState } from '@waymark/contracts';

/**
 * Whether the tenant passes the domain and entitlement checks for a record as submitted (read leniently, before
 * validation): decides whether a refusal should first catch up with identity.v1.
 */
export function tenantAccepts(
  tenant: Pick<TenantState, 'defaultDomain' | 'domains' | 'entitlements'>,
  raw: unknown,
): boolean {
  const record = (raw ?? {}) as { domain?: unknown; linkset?: unknown; ai?: unknown };
  if (!isUsableDomain(tenant, record.domain)) return false;
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
