import { z } from 'zod';
import { DomainError } from '@waymark/contracts';
import { DAY_MS } from '../../clicks/domain/utc-day';

export const HOUR_MS = 3_600_000;
export const MAX_RANGE_DAYS = 366;

export const ANALYTICS_WINDOWS = ['24h', '7d', '30d'] as const;
export type AnalyticsWindow = (typeof ANALYTICS_WINDOWS)[number];
export type Granularity = 'hour' | 'day';

/** A half-open interval [from, to) and the size of its time-series buckets. */
export interface TimeRange {
  from: Date;
  to: Date;
  granularity: Granularity;
}

const floorTo = (ms: number, unit: number): number => Math.floor(ms / unit) * unit;
const ceilTo = (ms: number, unit: number): number => Math.ceil(ms / unit) * unit;

/**
 * A per-link window as whole UTC buckets ending with the current one: 24h is the current hour and the 23 before
 * it (hourly series), 7d and 30d are today and the 6 or 29 days before it (daily series). Totals are therefore
 * exactly the sum of the series.
 */
export function windowRange(window: AnalyticsWindow, now: Date): TimeRange {
  if (window === '24h') {
    const end = floorTo(now.getTime(), HOUR_MS) + HOUR_MS;
    return { from: new Date(end - 24 * HOUR_MS), to: new Date(end), granularity: 'hour' };
  }
  const days = window === '7d' ? 7 : 30;
  const end = floorTo(now.getTime(), DAY_MS) + DAY_MS;
  return { from: new Date(end - days * DAY_MS), to: new Date(end), granularity: 'day' };
}

export function parseWindow(value: string | undefined): AnalyticsWindow {
  const parsed = z.enum(ANALYTICS_WINDOWS).safeParse(value ?? '24h');
  if (!parsed.success) throw invalid('window', 'must be one of 24h, 7d, 30d');
  return parsed.data;
}

const isoDate = z.iso.date();
const isoDateTime = z.iso.datetime({ offset: true });

/** `YYYY-MM-DD` (a whole UTC day) or an ISO 8601 date-time with `Z` or an offset. */
function parseInstant(name: 'from' | 'to', value: string): { ms: number; dateOnly: boolean } {
  if (isoDate.safeParse(value).success) return { ms: Date.parse(`${value}T00:00:00Z`), dateOnly: true };
  if (isoDateTime.safeParse(value).success) return { ms: Date.parse(value), dateOnly: false };
  throw invalid(name, 'must be an ISO 8601 date (2025-01-31) or date-time with offset (2025-01-31T12:00:00Z)');
}

/**
 * The tenant-wide range: `from` inclusive, `to` exclusive; a date as `to` includes that whole day. Without either
 * it is the last 7 UTC days including today; with one, the other is 7 days away. Ranges up to 48 h get an hourly
 * series, longer ones a daily series.
 */
export function parseTenantRange(fromText: string | undefined, toText: string | undefined, now: Date): TimeRange {
  const from = fromText === undefined ? undefined : parseInstant('from', fromText);
  const to = toText === undefined ? undefined : parseInstant('to', toText);
  const toMs = to
    ? to.ms + (to.dateOnly ? DAY_MS : 0)
    : from
      ? from.ms + 7 * DAY_MS
      : floorTo(now.getTime(), DAY_MS) + DAY_MS;
  const fromMs = from ? from.ms : toMs - 7 * DAY_MS;
  // Compared as written: from=2025-06-02&to=2025-06-01 is reversed even though the second day ends later.
  if (fromMs > toMs || (from && to && from.ms > to.ms)) throw invalid('from', 'must not be after to');
  if (toMs - fromMs > MAX_RANGE_DAYS * DAY_MS) throw invalid('to', `the range may span at most ${MAX_RANGE_DAYS} days`);
  return { from: new Date(fromMs), to: new Date(toMs), granularity: toMs - fromMs <= 48 * HOUR_MS ? 'hour' : 'day' };
}

/** Where a range's numbers come from: whole UTC days from the daily rollups, the rest from raw facts. */
export interface RangePlan {
  days?: { from: Date; to: Date };
  edges: Array<{ from: Date; to: Date }>;
}

/**
 * Splits a range into whole days and partial edges. Nothing is stored after `now`, so a range reaching past now
 * may be read up to the end of its last day from the rollups. Hourly ranges are read from facts alone.
 */
export function planRange(range: TimeRange, now: Date): RangePlan {
  const fromMs = range.from.getTime();
  const toMs = range.to.getTime() >= now.getTime() ? ceilTo(range.to.getTime(), DAY_MS) : range.to.getTime();
  if (range.granularity === 'hour') return { edges: [{ from: range.from, to: range.to }] };
  const firstDay = ceilTo(fromMs, DAY_MS);
  const endDay = floorTo(toMs, DAY_MS);
  if (firstDay >= endDay) return { edges: fromMs < toMs ? [{ from: range.from, to: new Date(toMs) }] : [] };
  const edges: RangePlan['edges'] = [];
  if (fromMs < firstDay) edges.push({ from: range.from, to: new Date(firstDay) });
  if (endDay < toMs) edges.push({ from: new Date(endDay), to: new Date(toMs) });
  return { days: { from: new Date(firstDay), to: new Date(endDay) }, edges };
}

/** Start of every series bucket of a range. */
export function bucketStarts(range: TimeRange): Date[] {
  const unit = range.granularity === 'hour' ? HOUR_MS : DAY_MS;
  const starts: Date[] = [];
  for (let t = floorTo(range.from.getTime(), unit); t < range.to.getTime(); t += unit) starts.push(new Date(t));
  return starts;
}

function invalid(path: string, message: string): DomainError {
  return new DomainError('validation_failed', `Invalid query parameter ${path}: ${message}`, [{ path, message }]);
}
