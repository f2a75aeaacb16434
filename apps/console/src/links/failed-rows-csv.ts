import Papa from 'papaparse';
import { neutraliseFormula } from '@waymark/csv';
import type { LinkRowResult } from './bulk-run';

/**
 * The rows that were not created, as a CSV with the file's own columns and an `error` column: the person fixes the
 * rows and imports the file again (the import ignores `error`). Formula cells are neutralised like every CSV
 * Waymark writes, since error texts quote what the file held.
 */
export function failedRowsCsv(header: readonly string[], results: readonly LinkRowResult[]): string {
  const keep = header.map((name) => name.trim().toLowerCase() !== 'error');
  const rows = results
    .filter((r) => r.status !== 'created')
    .map((r) => [...header.map((_, i) => r.row.cells[i] ?? '').filter((_, i) => keep[i]), errorText(r)]);
  const columns = [...header.filter((_, i) => keep[i]), 'error'];
  return (
    Papa.unparse(
      [columns, ...rows].map((cells) => cells.map(neutraliseFormula)),
      { newline: '\n' },
    ) + '\n'
  );
}

export function errorText(result: LinkRowResult): string {
  const prefix = result.status === 'not sent' ? 'not sent: ' : '';
  return `${prefix}${result.error ?? ''}${result.errorCode ? ` (${result.errorCode})` : ''}`;
}
