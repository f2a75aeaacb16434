import type { ApiPrincipal } from '@waymark/auth';
import type { Scope } from '@waymark/contracts';
import type { BrandingView } from '../domain/admin-types';
import type { CurrentIdentityView } from '../domain/account-types';
import type { BrandingInput } from '../domain/admin-schemas';
import { tenantView } from '../domain/identity-views';
import type { IdentityStore } from './identity-ports';
import { required } from './not-found';
import type { TenantUseCases } from './tenant-use-cases';

export interface AccountUseCases {
  /** The calling key and its tenant, read from link-api's own tables (the source of identity.v1). */
  me(principal: ApiPrincipal): Promise<CurrentIdentityView>;
  /** Replaces the tenant's branding, screened like the operator's change; every service hears of it on identity.v1. */
  setBranding(principal: ApiPrincipal, branding: BrandingInput): Promise<BrandingView>;
}

export function accountUseCases(deps: { repo: IdentityStore; tenants: TenantUseCases }): AccountUseCases {
  return {
    async me(principal) {
      const key = required(await deps.repo.keyByHash(principal.key.hash), 'API key', principal.key.prefix);
      const tenant = tenantView(required(await deps.repo.tenant(principal.tenantId), 'Tenant', principal.tenantId));
      return {
        tenant: {
          id: tenant.id,
          name: tenant.name,
          plan: tenant.plan,
          entitlements: tenant.entitlements,
          defaultDomain: tenant.defaultDomain,
          branding: tenant.branding,
        },
        key: {
          id: key.id,
          name: key.name,
          prefix: key.displayPrefix,
          scopes: key.scopes as Scope[],
          expiresAt: key.expiresAt?.toISOString() ?? null,
          createdAt: key.createdAt.toISOString(),
        },
      };
    },

    async setBranding(principal, branding) {
      return (await deps.tenants.patchTenant(principal.tenantId, { branding })).branding;
    },
  };
}
