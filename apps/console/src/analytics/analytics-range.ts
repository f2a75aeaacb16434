/** What an analytics view covers: one of the API's windows, or a custom [from, to) range (ISO 8601 instants). */
export type AnalyticsRange = { window: AnalyticsWindow } | { from: string; to: string };
export type AnalyticsWindow = '24h' | '7d' | '30d';

export const WINDOWS: readonly AnalyticsWindow[] = ['24h', '7d', '30d'];
const WINDOW_DAYS: Record<AnalyticsWindow, number> = { '24h': 1, '7d': 7, '30d': 30 };
/** The longest range the analytics API accepts (services/analytics-ingest, time-range.ts). */
export const MAX_RANGE_DAYS = 366;
const DAY_MS = 86_400_000;
/** The pickers choose minutes: `to` includes its whole minute, so "to 10:42" counts a visit at 10:42:30. */
const MINUTE_MS = 60_000;

export interface RangeIssues {
  from?: string;
  to?: string;
}

/**
 * Checks the values of two `datetime-local` inputs (the browser's time zone) as the API would, and a little more:
 * both given, from before to, to not in the future, at most 366 days. Answers the range (`to` moved to the end of
 * its minute, the API's `to` being exclusive) or the issue per field.
 */
export function customRange(fromText: string, toText: string, now: Date): { range: AnalyticsRange } | RangeIssues {
  const from = fromText ? new Date(fromText) : undefined;
  const to = toText ? new Date(toText) : undefined;
  const issues: RangeIssues = {};
  if (!from || Number.isNaN(from.getTime())) issues.from = 'Choose the start date and time.';
  if (!to || Number.isNaN(to.getTime())) issues.to = 'Choose the end date and time.';
  if (issues.from || issues.to || !from || !to) return issues;
  if (from.getTime() > now.getTime()) issues.from = 'The start is in the future.';
  const end = to.getTime() + MINUTE_MS;
  if (to.getTime() > now.getTime()) issues.to = 'The end is in the future; choose now or earlier.';
  else if (from.getTime() >= to.getTime()) issues.to = 'The end must be after the start.';
  else if (end - from.getTime() > MAX_RANGE_DAYS * DAY_MS) {
    issues.to = `A range may span at most ${MAX_RANGE_DAYS} days.`;
  }
  if (issues.from || issues.to) return issues;
  return { range: { from: from.toISOString(), to: new Date(end).toISOString() } };
}

/** The tenant-wide query (`from`/`to` only): a window is the days or hours up to now. */
export function tenantQuery(range: AnalyticsRange, now: Date): { from: string; to: string } {
  if ('from' in range) return range;
  return { from: new Date(now.getTime() - WINDOW_DAYS[range.window] * DAY_MS).toISOString(), to: now.toISOString() };
}

/** A short name for file names and cache keys: `7d`, or `2025-06-01T10-00_2025-06-02T10-00`. */
export function rangeLabel(range: AnalyticsRange): string {
  if ('window' in range) return range.window;
  const stamp = (iso: string) => iso.slice(0, 16).replace(/:/g, '-');
  return `${stamp(range.from)}_${stamp(range.to)}`;
}

/** A `datetime-local` value (local time, minutes) for an instant, for the inputs' defaults and `max`. */
export function localInputValue(date: Date): string {
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}
