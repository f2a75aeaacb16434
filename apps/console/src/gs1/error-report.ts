import Papa from 'papaparse';
import { neutraliseFormula } from '@waymark/csv';
import type { RowError } from './import-run';

/** The per-row error report as CSV, in the CLI's columns; cells a spreadsheet would run as formulas are neutralised. */
export function errorReportCsv(errors: readonly RowError[]): string {
  const header = ['line', 'gtin', 'code', 'errorCode', 'error'];
  const rows = errors.map((e) => [String(e.line), e.gtin, e.code, e.errorCode, e.error].map(neutraliseFormula));
  return Papa.unparse([header, ...rows], { quotes: true, newline: '\n' }) + '\n';
}
