import type { Count, DateTime } from '@waymark/http';
import type { Dimension } from '../../clicks/domain/dimensions';
import type { Granularity } from '../domain/time-range';

/** Counts of one bucket or breakdown entry. total = clicks + scans = humans + bots. */
export interface Counts {
  /** Every counted request. */
  total: Count;
  /** Requests without the QR scan marker. */
  clicks: Count;
  /** Requests carrying the QR scan marker (source qr). */
  scans: Count;
  /** GET requests from browsers that no bot check flagged. */
  humans: Count;
  /** Bots, link previews and HEAD requests. */
  bots: Count;
}

export interface Totals extends Counts {
  /** Distinct human visitors (salted hash of IP and user agent) in the range; a HyperLogLog estimate, exact for small counts. */
  uniqueVisitors: Count;
}

export interface SeriesPoint extends Counts {
  /** Start of the UTC hour or day. */
  start: DateTime;
}

export interface BreakdownEntry extends Counts {
  /** The value (device type, browser, OS, ISO country code, city, referrer host, source); null when unknown or absent. */
  value: string | null;
}

/**
 * Top entries per dimension, most requests first. Spelled out key by key (not `Record<Dimension, ...>`) so the
 * OpenAPI document gets a readable schema; the check below keeps the keys equal to DIMENSIONS.
 */
export interface Breakdowns {
  device: BreakdownEntry[];
  browser: BreakdownEntry[];
  os: BreakdownEntry[];
  country: BreakdownEntry[];
  city: BreakdownEntry[];
  referrer: BreakdownEntry[];
  source: BreakdownEntry[];
}
type SameKeys<A, B> = [Exclude<A, B>, Exclude<B, A>] extends [never, never] ? true : never;
const breakdownKeysMatchDimensions: SameKeys<keyof Breakdowns, Dimension> = true;
void breakdownKeysMatchDimensions;

export interface LinkBreakdownEntry extends Counts {
  domain: string;
  code: string;
}

interface ReportBase {
  /** Start of the range, inclusive. */
  from: DateTime;
  /** End of the range, exclusive. */
  to: DateTime;
  granularity: Granularity;
  totals: Totals;
  series: SeriesPoint[];
  breakdowns: Breakdowns;
}

export interface LinkAnalytics extends ReportBase {
  domain: string;
  code: string;
  /** The window asked for; absent when the report is for a custom `from`/`to` range. */
  window?: '24h' | '7d' | '30d';
}

export interface TenantAnalytics extends ReportBase {
  /** The window in effect (7d when neither it nor `from`/`to` is given); absent for a custom `from`/`to` range. */
  window?: '24h' | '7d' | '30d';
  /** Top links of the tenant in the range. */
  links: LinkBreakdownEntry[];
}
