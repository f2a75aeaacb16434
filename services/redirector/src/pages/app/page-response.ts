import { brandedPage, pageStyle, type PageKind } from '../domain/branded-page';
import type { TenantDirectory, VisitorPages } from './pages-ports';
import { hostCandidates, NO_STORE, type VisitResponse } from '../../shared-kernel/visit';
import { visitorPageHeaders } from '../domain/visitor-page-headers';

const STATUS: Record<PageKind, number> = { not_found: 404, unavailable: 404, expired: 410 };

/** The branded page of `kind`, branded for the tenant (by id, else by the host's domain), never cached. */
export function pageResponse(kind: PageKind, tenants: TenantDirectory, host: string, tenantId?: string): VisitResponse {
  const tenant =
    (tenantId === undefined ? undefined : tenants.byId(tenantId)) ??
    hostCandidates(host)
      .map((h) => tenants.byDomain(h))
      .find((t) => t !== undefined);
  const branding = tenant ? { ...tenant.branding, name: tenant.branding.name || tenant.name } : undefined;
  return {
    status: STATUS[kind],
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': NO_STORE,
      ...visitorPageHeaders(pageStyle(branding)),
    },
    body: brandedPage(kind, branding),
  };
}

/** The pages of the tenants `tenants` knows, as the VisitorPages port other features are handed. */
export function visitorPages(tenants: TenantDirectory): VisitorPages {
  return { page: (kind, host, tenantId) => pageResponse(kind, tenants, host, tenantId) };
}
