import { randomUUID } from 'node:crypto';
import type { ApiKeyState, Scope, TenantState } from '@waymark/contracts';
import type { BrandingView } from '../domain/admin-types';
import type { ApiKeyRow, TenantRow } from '../domain/identity-rows';
import { planView } from '../domain/identity-views';

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
    branding: row.branding as BrandingView,
  };
}

/** The key as services authenticate it: its hash, never the key. */
export function apiKeyState(key: ApiKeyRow): ApiKeyState {
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
