import { gs1CheckDigit, hasValidCheckDigit } from './check-digit';
import { fail, issue, ok, type Gs1Result } from './issue';

export const GTIN_LENGTHS = [8, 12, 13, 14] as const;

/** Validates a GTIN-8, -12, -13 or -14 (digits and check digit) and returns it normalised to 14 digits. */
export function parseGtin(input: string): Gs1Result<string> {
  if (input.length === 0) return fail(issue('empty_value', 'GTIN is empty', '01'));
  if (!/^\d+$/.test(input)) return fail(issue('not_numeric', 'GTIN must contain digits only', '01'));
  if (!(GTIN_LENGTHS as readonly number[]).includes(input.length)) {
    return fail(issue('bad_length', `GTIN must have 8, 12, 13 or 14 digits, not ${input.length}`, '01'));
  }
  if (!hasValidCheckDigit(input)) {
    const expected = gs1CheckDigit(input.slice(0, -1));
    return fail(issue('bad_check_digit', `GTIN check digit is ${input.slice(-1)}, expected ${expected}`, '01'));
  }
  return ok(input.padStart(14, '0'));
}

export function isValidGtin(input: string): boolean {
  return parseGtin(input).ok;
}

/** The GTIN as 14 digits; throws on an invalid GTIN (validate first with parseGtin). */
export function normalizeGtin(input: string): string {
  const result = parseGtin(input);
  if (!result.ok) throw new TypeError(result.issue.message);
  return result.value;
}

/** Which GTIN family a (valid) GTIN belongs to once normalised: decided by its leading zeros. */
export function gtinKind(gtin: string): 'GTIN-8' | 'GTIN-12' | 'GTIN-13' | 'GTIN-14' {
  const g = normalizeGtin(gtin);
  if (g.startsWith('000000')) return 'GTIN-8';
  if (g.startsWith('00')) return 'GTIN-12';
  if (g.startsWith('0')) return 'GTIN-13';
  return 'GTIN-14';
}

/**
 * The 13 digits an EAN-13 symbol carries for this GTIN, or null when it has no EAN-13 form.
 * GTIN-13 and GTIN-12 (as EAN-13 with a leading 0, the form GS1 scanners read as the same GTIN) have one.
 * GTIN-8 is printed as EAN-8 and GTIN-14 with an indicator digit as ITF-14 or GS1-128, never as EAN-13.
 */
export function ean13FromGtin(gtin: string): string | null {
  const kind = gtinKind(gtin);
  if (kind === 'GTIN-8' || kind === 'GTIN-14') return null;
  return normalizeGtin(gtin).slice(1);
}
