/**
 * One data row of an import file. `index` counts data rows from 0 (the position an import resumes from); `line` is
 * where a person finds the row (the CSV line, or the element's number in a JSON file). A row either carries a record
 * to send or the reason it could not be read, which goes to the error report without being sent.
 */
export interface ImportRow {
  index: number;
  line: number;
  record?: Record<string, unknown>;
  problem?: string;
  /** Bytes of the file read when this row was parsed: the progress bar's position. */
  bytesRead: number;
}

export type ImportFormat = 'csv' | 'json' | 'jsonl';

export const IMPORT_FORMATS: readonly ImportFormat[] = ['csv', 'json', 'jsonl'];

/** The format a file name implies: .csv, .json, .jsonl or .ndjson. */
export function formatOfFile(file: string): ImportFormat | undefined {
  const extension = /\.([a-z]+)$/i.exec(file)?.[1]?.toLowerCase();
  if (extension === 'csv') return 'csv';
  if (extension === 'json') return 'json';
  if (extension === 'jsonl' || extension === 'ndjson') return 'jsonl';
  return undefined;
}
