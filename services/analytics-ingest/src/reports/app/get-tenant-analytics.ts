import { addCounts, present, topEntries, ZERO } from '../domain/counts';
import { readReportRange } from '../domain/report-range';
import { planRange } from '../domain/time-range';
import type { AnalyticsQueryPort } from './reports-ports';
import type { TenantAnalytics } from './analytics-report';
import { buildReport } from './build-report';

export interface TenantAnalyticsQuery {
  tenantId: string;
  /** 24h, 7d or 30d, as for one link; not combined with `from`/`to`. */
  window?: string;
  from?: string;
  to?: string;
  top: number;
}

export interface GetTenantAnalyticsDeps {
  queries: AnalyticsQueryPort;
  clock: () => Date;
}

/** Tenant-wide analytics over a window (default 7d) or between `from` and `to`, with the top links. */
export async function getTenantAnalytics(
  query: TenantAnalyticsQuery,
  deps: GetTenantAnalyticsDeps,
): Promise<TenantAnalytics> {
  const now = deps.clock();
  const { range, window } = readReportRange(query, now, '7d');
  const scope = { kind: 'tenant', tenantId: query.tenantId } as const;
  const [report, linkRows] = await Promise.all([
    buildReport(deps.queries, scope, range, query.top, now),
    deps.queries.links(query.tenantId, planRange(range, now)),
  ]);
  const perLink = new Map<number, { domain: string; code: string; counts: typeof ZERO }>();
  for (const row of linkRows) {
    const entry = perLink.get(row.linkId) ?? { domain: row.domain, code: row.code, counts: ZERO };
    entry.counts = addCounts(entry.counts, row);
    perLink.set(row.linkId, entry);
  }
  const links = topEntries(
    [...perLink.values()].map((l) => [l, l.counts] as [typeof l, typeof ZERO]),
    query.top,
    (l) => `${l.domain}/${l.code}`,
  ).map(([l, counts]) => ({ domain: l.domain, code: l.code, ...present(counts) }));
  return { ...(window ? { window } : {}), ...report, links };
}
