import type { Dimension } from '../domain/dimensions';
import type { Granularity } from '../domain/time-range';

/** Counts of one bucket or breakdown entry. total = clicks + scans = humans + bots. */
export interface Counts {
  /** Every counted request. */
  total: number;
  /** Requests without the QR scan marker. */
  clicks: number;
  /** Requests carrying the QR scan marker (source qr). */
  scans: number;
  /** GET requests from browsers that no bot check flagged. */
  humans: number;
  /** Bots, link previews and HEAD requests. */
  bots: number;
}

export interface Totals extends Counts {
  /** Distinct human visitors (salted hash of IP and user agent) in the range; a HyperLogLog estimate, exact for small counts. */
  uniqueVisitors: number;
}

export interface SeriesPoint extends Counts {
  /** Start of the UTC hour or day. */
  start: string;
}

export interface BreakdownEntry extends Counts {
  /** The value (device type, browser, OS, ISO country code, city, referrer host, source); null when unknown or absent. */
  value: string | null;
}

/** Top entries per dimension, most requests first. */
export type Breakdowns = Record<Dimension, BreakdownEntry[]>;

export interface LinkBreakdownEntry extends Counts {
  domain: string;
  code: string;
}

interface ReportBase {
  /** Start of the range, inclusive. */
  from: string;
  /** End of the range, exclusive. */
  to: string;
  granularity: Granularity;
  totals: Totals;
  series: SeriesPoint[];
  breakdowns: Breakdowns;
}

export interface LinkAnalytics extends ReportBase {
  domain: string;
  code: string;
  window: '24h' | '7d' | '30d';
}

export interface TenantAnalytics extends ReportBase {
  /** Top links of the tenant in the range. */
  links: LinkBreakdownEntry[];
}
