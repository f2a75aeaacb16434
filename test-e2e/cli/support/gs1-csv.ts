import { gs1CheckDigit } from '@waymark/gs1';

/** A GTIN-13 with a valid check digit, unique per `prefix` and `n`. */
export function gtin13(prefix: string, n: number): string {
  const body = `${prefix}${String(n).padStart(12 - prefix.length, '0')}`;
  return `${body}${gs1CheckDigit(body)}`;
}

/** The same GTIN with a wrong check digit: the API rejects the row. */
export function withWrongCheckDigit(gtin: string): string {
  const check = Number(gtin.slice(-1));
  return `${gtin.slice(0, -1)}${(check + 1) % 10}`;
}

/**
 * A GS1 CSV of `rows` records, with the rows at `badRows` (0-based) given a wrong check digit and the first
 * `printRows` tagged `print` as well. Returns the text and the file lines of the bad rows (the header is line 1).
 */
export function gs1Csv(options: { prefix: string; rows: number; badRows: number[]; printRows?: number }): {
  text: string;
  badLines: number[];
} {
  const lines = ['gtin,batch,destination,tags'];
  for (let i = 0; i < options.rows; i++) {
    const good = gtin13(options.prefix, i);
    const gtin = options.badRows.includes(i) ? withWrongCheckDigit(good) : good;
    const tags = i < (options.printRows ?? 0) ? 'cli|print' : 'cli';
    lines.push(`${gtin},L${i},https://example.com/products/${good},${tags}`);
  }
  return { text: `${lines.join('\n')}\n`, badLines: options.badRows.map((row) => row + 2) };
}
