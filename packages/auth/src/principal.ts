import type { Request } from 'express';
import { DomainError, type Scope, type TenantState } from '@waymark/contracts';

/** Who is calling, as the authenticator resolved it; tsoa stores it as `request.user`. */
export interface ApiPrincipal {
  tenantId: string;
  tenant: TenantState;
  key: { hash: string; prefix: string; scopes: readonly Scope[] };
  /**
   * The tenant as identity.v1 says after a catch-up (once per request): for a refusal that a change acknowledged just
   * before may lift (a domain verified, an entitlement granted). Absent on principals built by hand.
   */
  latestTenant?: () => Promise<TenantState>;
}

/**
 * `actor` as it is when `accepts` takes its tenant; otherwise with the tenant identity.v1 holds after a catch-up, so a
 * refusal is never based on a model that had not yet applied an acknowledged change.
 */
export async function withTenantAccepting<A extends { tenant: TenantState; latestTenant?: () => Promise<TenantState> }>(
  actor: A,
  accepts: (tenant: TenantState) => boolean,
): Promise<A> {
  if (accepts(actor.tenant) || !actor.latestTenant) return actor;
  return { ...actor, tenant: await actor.latestTenant() };
}

/** The principal of an authenticated request; a route without @Security has none, which is a programming error. */
export function principalOf(request: Request): ApiPrincipal {
  const user = (request as { user?: ApiPrincipal }).user;
  if (!user) throw new DomainError('unauthorized', 'Missing API key');
  return user;
}
