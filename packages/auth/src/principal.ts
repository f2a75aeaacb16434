import type { Request } from 'express';
import { DomainError, type Scope, type TenantState } from '@waymark/contracts';

/** Who is calling, as the authenticator resolved it; tsoa stores it as `request.user`. */
export interface ApiPrincipal {
  tenantId: string;
  tenant: TenantState;
  key: { hash: string; prefix: string; scopes: readonly Scope[] };
}

/** The principal of an authenticated request; a route without @Security has none, which is a programming error. */
export function principalOf(request: Request): ApiPrincipal {
  const user = (request as { user?: ApiPrincipal }).user;
  if (!user) throw new DomainError('unauthorized', 'Missing API key');
  return user;
}
