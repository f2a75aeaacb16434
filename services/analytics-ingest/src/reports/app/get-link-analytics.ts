import { DomainError } from '@waymark/contracts';
import type { FreshReads } from '@waymark/events';
import { readReportRange } from '../domain/report-range';
import type { LinkRefPort } from '../../links/app/links-ports';
import type { AnalyticsQueryPort } from './reports-ports';
import type { LinkAnalytics } from './analytics-report';
import { buildReport } from './build-report';

export interface LinkAnalyticsQuery {
  tenantId: string;
  /** The tenant's default domain, used when `domain` is omitted (as link-api does). */
  defaultDomain: string;
  code: string;
  domain?: string;
  window?: string;
  /** A custom range instead of a window, read as the tenant-wide range is; not combined with `window`. */
  from?: string;
  to?: string;
  top: number;
}

export interface GetLinkAnalyticsDeps {
  links: Pick<LinkRefPort, 'findLive'>;
  /** Catches the links.v1 group up before a code is called unknown: a link created just before has analytics at once. */
  fresh: Pick<FreshReads, 'find'>;
  queries: AnalyticsQueryPort;
  clock: () => Date;
}

/**
 * Per-link analytics over 24h, 7d or 30d, or over a custom `from`/`to` range (then the answer has no `window`).
 * A code the tenant does not have (or deleted) is a 404.
 */
export async function getLinkAnalytics(query: LinkAnalyticsQuery, deps: GetLinkAnalyticsDeps): Promise<LinkAnalytics> {
  const now = deps.clock();
  const { range, window } = readReportRange(query, now, '24h');
  const domain = (query.domain ?? query.defaultDomain).toLowerCase();
  const link = await deps.fresh.find(linkRefKey(domain, query.code), () =>
    deps.links.findLive(query.tenantId, domain, query.code),
  );
  if (!link) throw new DomainError('not_found', `No link "${query.code}" on ${domain}`);
  const scope = { kind: 'link', tenantId: query.tenantId, linkId: link.id } as const;
  const report = await buildReport(deps.queries, scope, range, query.top, now);
  return { domain, code: query.code, ...(window ? { window } : {}), ...report };
}

/** How a link is named in the negative cache of FreshReads: the links.v1 key. */
export function linkRefKey(domain: string, code: string): string {
  return `${domain}/${code}`;
}
