import { randomUUID } from 'node:crypto';
import type { ApiKeyState, Scope, TenantState } from '@waymark/contracts';
import type { ApiKey, Domain, Plan, Tenant } from '../../generated/prisma/client';
import type { ApiKeyView, BrandingView, DomainView, PlanView, TenantView } from '../domain/admin-types';
import { verificationRecord } from '../domain/domain-verification';

export type TenantRow = Tenant & { plan: Plan; domains: Domain[] };

export function planView(plan: Plan): PlanView {
  return {
    name: plan.name,
    rateLimitPerMinute: plan.rateLimitPerMinute,
    burst: plan.burst,
    bulkRowCap: plan.bulkRowCap,
    exportsPerHour: plan.exportsPerHour,
  };
}

export function domainView(domain: Domain): DomainView {
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
    branding: row.branding as unknown as BrandingView,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function apiKeyView(key: ApiKey, lastUsedAt: Date | null = key.lastUsedAt): ApiKeyView {
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

/** The tenant as every other service learns it on identity.v1. */
export function tenantState(row: TenantRow): TenantState {
  return {
    version: 1,
    eventId: randomUUID(),
    type: 'tenant',
    id: row.id,
    name: row.name,
    plan: planView(row.plan),
    entitlements: row.entitlements,
    defaultDomain: row.defaultDomain ?? '',
    domains: [...row.domains]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((d) => ({ name: d.name, verified: d.verified })),
    branding: row.branding as unknown as BrandingView,
  };
}

/** The key as services authenticate it: its hash, never the key. */
export function apiKeyState(key: ApiKey): ApiKeyState {
  return {
    version: 1,
    eventId: randomUUID(),
    type: 'api_key',
    hash: key.hash,
    prefix: key.displayPrefix,
    tenantId: key.tenantId,
    scopes: key.scopes as Scope[],
    expiresAt: key.expiresAt?.toISOString() ?? null,
    revoked: key.revokedAt !== null,
  };
}
