import type { Options } from 'csv-stringify';

/** First characters a spreadsheet reads as the start of a formula (OWASP "CSV Injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A cell a spreadsheet would run as a formula (`=HYPERLINK(...)`, `+1+1`, `@SUM(...)`) gets a leading single quote,
 * so it is shown as text. Every other cell is unchanged.
 */
export function neutraliseFormula(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/**
 * csv-stringify options for every CSV Waymark writes: formula cells neutralised and, as OWASP recommends, quoted,
 * so the quote and the cell's own separators survive as text. RFC 4180 quoting otherwise.
 */
export const SAFE_CSV_OPTIONS: Pick<Options, 'cast' | 'quoted_match'> = {
  cast: { string: neutraliseFormula },
  quoted_match: /^'[=+\-@\t\r]/,
};
