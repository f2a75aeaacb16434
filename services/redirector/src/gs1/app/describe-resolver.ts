import { shortUrlOriginOf } from '@waymark/contracts';
import { json } from '../../links/domain/json-response';
import { hostCandidates, type VisitRequest, type VisitResponse } from '../../shared-kernel/visit';
import type { VisitDeps } from '../../links/app/links-ports';
import { withCors } from '../domain/gs1-responses';
import { resolverDescription } from '../domain/resolver-description';
import { gs1Page } from './gs1-page';

/** `/.well-known/gs1resolver`: the resolver description of the tenant whose domain was asked, else the 404 page. */
export function describeResolver(deps: VisitDeps, request: VisitRequest): VisitResponse {
  const tenant = hostCandidates(request.host)
    .map((h) => deps.tenants.byDomain(h))
    .find((t) => t !== undefined);
  if (!tenant) return gs1Page('not_found', deps.pages, request.host);
  const name = `${tenant.branding.name || tenant.name} GS1 resolver`;
  return withCors(json(200, resolverDescription(shortUrlOriginOf(request.host), name)));
}
