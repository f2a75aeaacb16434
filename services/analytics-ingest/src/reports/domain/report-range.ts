import { DomainError } from '@waymark/contracts';
import { parseTenantRange, parseWindow, windowRange, type AnalyticsWindow, type TimeRange } from './time-range';

/** The time parameters both reports take, as the query string gave them. */
export interface RangeParams {
  window?: string;
  from?: string;
  to?: string;
}

/** The range a report covers, and the window it was asked as (absent for a custom `from`/`to` range). */
export interface ReportRange {
  range: TimeRange;
  window?: AnalyticsWindow;
}

/**
 * One reading of `window` and `from`/`to` for the per-link and the tenant report (docs/decisions.md, "Analytics
 * parameters"): a window, or a custom range, never both; without either, the report's default window.
 */
export function readReportRange(params: RangeParams, now: Date, defaultWindow: AnalyticsWindow): ReportRange {
  const custom = params.from !== undefined || params.to !== undefined;
  if (custom && params.window !== undefined) {
    const message = 'cannot be combined with from or to';
    throw new DomainError('validation_failed', `Invalid query parameter window: ${message}`, [
      { path: 'window', message },
    ]);
  }
  if (custom) return { range: parseTenantRange(params.from, params.to, now) };
  const window = parseWindow(params.window ?? defaultWindow);
  return { range: windowRange(window, now), window };
}
