import type { PageKind } from '../../pages/domain/branded-page';
import { pageResponse } from '../../pages/app/page-response';
import type { TenantDirectory } from '../../pages/app/pages-ports';
import type { VisitResponse } from '../../shared-kernel/visit';
import { withCors } from '../domain/gs1-responses';

/** A branded page as the resolver answers it: with the resolver's CORS headers. */
export function gs1Page(kind: PageKind, tenants: TenantDirectory, host: string, tenantId?: string): VisitResponse {
  return withCors(pageResponse(kind, tenants, host, tenantId));
}
