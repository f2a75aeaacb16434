import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { SAFE_CSV_OPTIONS } from '@waymark/csv';
import { DIMENSIONS } from '../../clicks/domain/dimensions';
import type { Counts, LinkAnalytics, TenantAnalytics } from './analytics-report';

export const CSV_COLUMNS = ['section', 'key', 'total', 'clicks', 'scans', 'humans', 'bots', 'unique_visitors'] as const;

type Row = [string, string, number, number, number, number, number, number | ''];
const row = (section: string, key: string, c: Counts, unique: number | '' = ''): Row => [
  section,
  key,
  c.total,
  c.clicks,
  c.scans,
  c.humans,
  c.bots,
  unique,
];

/**
 * A report as one CSV table (csv-stringify quotes per RFC 4180, formula cells neutralised by @waymark/csv): a `totals` row, one `series` row per bucket
 * (key: bucket start), then one row per breakdown entry with the dimension as section (key '' when unknown),
 * and for the tenant report one `link` row per top link (key domain/code).
 */
export function renderCsv(report: LinkAnalytics | TenantAnalytics): Readable {
  const rows: Row[] = [row('totals', '', report.totals, report.totals.uniqueVisitors)];
  for (const point of report.series) rows.push(row('series', point.start, point));
  for (const dimension of DIMENSIONS) {
    for (const entry of report.breakdowns[dimension]) rows.push(row(dimension, entry.value ?? '', entry));
  }
  if ('links' in report) for (const link of report.links) rows.push(row('link', `${link.domain}/${link.code}`, link));
  // Referrers, cities and codes are visitor or tenant input: formula cells are neutralised and quoted.
  return Readable.from(rows).pipe(stringify({ header: true, columns: [...CSV_COLUMNS], ...SAFE_CSV_OPTIONS }));
}
