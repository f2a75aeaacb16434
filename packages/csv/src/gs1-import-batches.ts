/**
 * What the CLI's `gs1 import` and the console's import share: the file formats, how rows become batches of at most
 * the plan's row cap, how a batch that is too large shrinks, and how a bulk answer becomes per-row errors.
 * No Node APIs here: the console runs it in the browser.
 */

export type ImportFormat = 'csv' | 'json' | 'jsonl';

export const IMPORT_FORMATS: readonly ImportFormat[] = ['csv', 'json', 'jsonl'];

/** The format a file name implies: .csv, .json, .jsonl or .ndjson. */
export function formatOfFile(name: string): ImportFormat | undefined {
  const extension = /\.([a-z]+)$/i.exec(name)?.[1]?.toLowerCase();
  if (extension === 'csv') return 'csv';
  if (extension === 'json') return 'json';
  if (extension === 'jsonl' || extension === 'ndjson') return 'jsonl';
  return undefined;
}

/** One row the import could not apply: where it is in the file, what identifies it, and why. */
export interface RowError {
  line: number;
  gtin: string;
  code: string;
  errorCode: string;
  error: string;
}

/** The error report's columns, in this order, in every report Waymark writes. */
export const ROW_ERROR_COLUMNS = ['line', 'gtin', 'code', 'errorCode', 'error'] as const;

/** A row error's cells in the columns' order (the line stays a number: it is never a formula). */
export function rowErrorCells(error: RowError): [number, string, string, string, string] {
  return [error.line, error.gtin, error.code, error.errorCode, error.error];
}

/** A row of an import file as far as batching sees it: a record to send, or the reason it could not be read. */
export interface BatchRow {
  line: number;
  record?: Record<string, unknown>;
  problem?: string;
}

/** One row's result in POST /v1/gs1/links/bulk's answer; `row` indexes the records sent. */
export interface BulkRowResult {
  row: number;
  status: string;
  gtin?: string | null;
  code?: string | null;
  errorCode?: string | null;
  error?: string | null;
}

/** The leading rows holding at most `size` records (unreadable rows ride along: they are reported, not sent). */
export function takeBatch<R extends BatchRow>(rows: readonly R[], size: number): R[] {
  let records = 0;
  for (const [i, row] of rows.entries()) {
    if (row.record) records += 1;
    if (records === size) return rows.slice(0, i + 1);
  }
  return [...rows];
}

/**
 * The batch size to try after the API answered `bulk_too_large`: the plan's row cap when the API named a smaller
 * one, else half. 0 means even one record is refused.
 */
export function smallerBatchSize(current: number, namedMax: number | undefined): number {
  return namedMax !== undefined && namedMax < current ? namedMax : Math.floor(current / 2);
}

/** The batch's rows that carry a record, in the order they are sent (bulk results index this list). */
export function sendableRows<R extends BatchRow>(rows: readonly R[]): R[] {
  return rows.filter((row) => row.record !== undefined);
}

/** The batch's per-row errors, by line: rows that could not be read, and rows the API answered `failed`. */
export function rowErrorsOf(rows: readonly BatchRow[], results: readonly BulkRowResult[]): RowError[] {
  const sendable = sendableRows(rows);
  const errors: RowError[] = rows
    .filter((row) => row.problem !== undefined)
    .map((row) => ({
      line: row.line,
      gtin: String(row.record?.gtin ?? ''),
      code: '',
      errorCode: 'unreadable_row',
      error: row.problem ?? '',
    }));
  for (const entry of results) {
    if (entry.status !== 'failed') continue;
    const row = sendable[entry.row];
    errors.push({
      line: row?.line ?? -1,
      gtin: entry.gtin ?? String(row?.record?.gtin ?? ''),
      code: entry.code ?? '',
      errorCode: entry.errorCode ?? 'failed',
      error: entry.error ?? '',
    });
  }
  return errors.sort((a, b) => a.line - b.line);
}
