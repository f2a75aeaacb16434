import Papa from 'papaparse';
import { neutraliseFormula, ROW_ERROR_COLUMNS, rowErrorCells, type RowError } from '@waymark/csv';

/** The per-row error report as CSV, in the CLI's columns; cells a spreadsheet would run as formulas are neutralised. */
export function errorReportCsv(errors: readonly RowError[]): string {
  const rows = errors.map((e) => rowErrorCells(e).map((cell) => neutraliseFormula(String(cell))));
  return Papa.unparse([[...ROW_ERROR_COLUMNS], ...rows], { quotes: true, newline: '\n' }) + '\n';
}
