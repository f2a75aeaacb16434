import type { PageKind } from '../../domain/branded-page';
import { pageResponse } from '../../app/pages';
import type { TenantDirectory } from '../../app/tenant-directory';
import type { VisitResponse } from '../../links/domain/visit';
import { withCors } from '../domain/gs1-responses';

/** A branded page as the resolver answers it: with the resolver's CORS headers. */
export function gs1Page(kind: PageKind, tenants: TenantDirectory, host: string, tenantId?: string): VisitResponse {
  return withCors(pageResponse(kind, tenants, host, tenantId));
}
