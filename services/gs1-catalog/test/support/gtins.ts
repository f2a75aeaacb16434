import { gs1CheckDigit } from '@waymark/gs1';

/** A valid GTIN-13 for n (company prefix 950600, item n), and the same with a wrong check digit. */
export function gtin13(n: number): string {
  const body = `950600${String(n).padStart(6, '0')}`;
  return `${body}${gs1CheckDigit(body)}`;
}

export function badGtin13(n: number): string {
  const good = gtin13(n);
  return `${good.slice(0, 12)}${(Number(good[12]) + 1) % 10}`;
}

export const gtin14 = (gtin: string) => gtin.padStart(14, '0');
