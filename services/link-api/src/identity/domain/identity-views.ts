import type { Scope } from '@waymark/contracts';
import type { ApiKeyView, BrandingView, DomainView, PlanView, TenantView } from './admin-types';
import { verificationRecord } from './domain-verification';
import type { ApiKeyRow, DomainRow, PlanRow, TenantRow } from './identity-rows';

export function planView(plan: PlanRow): PlanView {
  return {
    name: plan.name,
    rateLimitPerMinute: plan.rateLimitPerMinute,
    burst: plan.burst,
    bulkRowCap: plan.bulkRowCap,
    exportsPerHour: plan.exportsPerHour,
  };
}

export function domainView(domain: DomainRow): DomainView {
  return {
    name: domain.name,
    tenantId: domain.tenantId,
    verified: domain.verified,
    verifiedBy: domain.verifiedBy === 'dns' || domain.verifiedBy === 'operator' ? domain.verifiedBy : null,
    verifiedAt: domain.verifiedAt?.toISOString() ?? null,
    verification: verificationRecord(domain.name, domain.verificationToken),
    createdAt: domain.createdAt.toISOString(),
  };
}

export function tenantView(row: TenantRow): TenantView {
  return {
    id: row.id,
    name: row.name,
    plan: planView(row.plan),
    entitlements: row.entitlements,
    defaultDomain: row.defaultDomain,
    domains: [...row.domains].sort((a, b) => a.name.localeCompare(b.name)).map(domainView),
    branding: row.branding as BrandingView,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function apiKeyView(key: ApiKeyRow, lastUsedAt: Date | null = key.lastUsedAt): ApiKeyView {
  return {
    id: key.id,
    tenantId: key.tenantId,
    name: key.name,
    prefix: key.displayPrefix,
    scopes: key.scopes as Scope[],
    expiresAt: key.expiresAt?.toISOString() ?? null,
    revokedAt: key.revokedAt?.toISOString() ?? null,
    lastUsedAt: lastUsedAt?.toISOString() ?? null,
    createdAt: key.createdAt.toISOString(),
  };
}
