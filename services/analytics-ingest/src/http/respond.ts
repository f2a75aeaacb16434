import type { Readable } from 'node:stream';
import type { Request } from 'express';
import { DomainError } from '@waymark/contracts';
import { renderCsv } from '../reports/app/render-csv';
import type { LinkAnalytics, TenantAnalytics } from '../reports/app/analytics-report';

/** The per-link report's span: the last 24 hours (hourly series), 7 or 30 days (daily series). */
export type AnalyticsWindow = '24h' | '7d' | '30d';

/** `json` (default) or `csv`: the same report as one CSV table. */
export type ReportFormat = 'json' | 'csv';

export const DEFAULT_TOP = 10;
export const MAX_TOP = 100;

export function parseTop(top: number | undefined): number {
  if (top === undefined) return DEFAULT_TOP;
  if (!Number.isInteger(top) || top < 1 || top > MAX_TOP) {
    throw new DomainError('validation_failed', `Invalid query parameter top: must be 1 to ${MAX_TOP}`, [
      { path: 'top', message: `must be an integer from 1 to ${MAX_TOP}` },
    ]);
  }
  return top;
}

/**
 * Both reports refuse a query parameter they do not take, so a misspelt or unsupported one (`range=7d`) is a 400
 * instead of a report for the default range that looks like an answer.
 */
export function assertKnownParams(query: Request['query'], known: readonly string[]): void {
  const unknown = Object.keys(query).filter((name) => !known.includes(name));
  if (unknown.length === 0) return;
  const issues = unknown.map((path) => ({ path, message: `not a parameter of this report (${known.join(', ')})` }));
  throw new DomainError('validation_failed', `Unknown query parameter ${unknown.join(', ')}`, issues);
}

export function parseFormat(format: string | undefined): 'json' | 'csv' {
  if (format === undefined || format === 'json') return 'json';
  if (format === 'csv') return 'csv';
  throw new DomainError('validation_failed', 'Invalid query parameter format: must be json or csv', [
    { path: 'format', message: 'must be json or csv' },
  ]);
}

/**
 * JSON goes back through tsoa as is; CSV as a stream tsoa pipes into the response (text/csv, attachment).
 * Analytics change with every click, so neither form is cached.
 */
export function respond<R extends LinkAnalytics | TenantAnalytics>(
  request: Request,
  format: 'json' | 'csv',
  report: R,
  filename: string,
): R | Readable {
  const response = request.res;
  response?.setHeader('Cache-Control', 'no-store');
  if (format === 'json' || !response) return report;
  response.type('text/csv; charset=utf-8').setHeader('Content-Disposition', `attachment; filename="${filename}"`);
  return renderCsv(report);
}
