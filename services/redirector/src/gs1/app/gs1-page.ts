import type { PageKind } from '../../pages/domain/branded-page';
import type { VisitorPages } from '../../pages/app/pages-ports';
import type { VisitResponse } from '../../shared-kernel/visit';
import { withCors } from '../domain/gs1-responses';

/** A branded page as the resolver answers it: with the resolver's CORS headers. */
export function gs1Page(kind: PageKind, pages: VisitorPages, host: string, tenantId?: string): VisitResponse {
  return withCors(pages.page(kind, host, tenantId));
}
