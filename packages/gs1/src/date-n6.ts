import { fail, issue, ok, type Gs1Result } from './issue';

/**
 * Century of a two-digit GS1 year (GS1 General Specifications 7.12): a sliding window around the reference
 * year, so a year up to 49 ahead is in the future and anything further is in the past.
 */
export function fullYearOf(yy: number, referenceYear: number): number {
  const currentCentury = Math.floor(referenceYear / 100) * 100;
  const diff = yy - (referenceYear % 100);
  if (diff >= 51) return currentCentury - 100 + yy;
  if (diff <= -50) return currentCentury + 100 + yy;
  return currentCentury + yy;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Validates a GS1 N6 date YYMMDD: month 01-12, day 00 (meaning the last day of the month) or a real calendar day
 * of that month, leap years included. Returns the ISO date (YYYY-MM-DD) it stands for.
 */
export function parseN6Date(value: string, ai: string, referenceYear = new Date().getUTCFullYear()): Gs1Result<string> {
  if (!/^\d{6}$/.test(value)) return fail(issue('bad_date', `AI ${ai} must be a date YYMMDD of exactly 6 digits`, ai));
  const yy = Number(value.slice(0, 2));
  const mm = Number(value.slice(2, 4));
  const dd = Number(value.slice(4, 6));
  if (mm < 1 || mm > 12) return fail(issue('bad_date', `AI ${ai}: month ${value.slice(2, 4)} is not 01-12`, ai));
  const year = fullYearOf(yy, referenceYear);
  const last = daysInMonth(year, mm);
  if (dd > last)
    return fail(
      issue('bad_date', `AI ${ai}: day ${value.slice(4, 6)} does not exist in ${year}-${value.slice(2, 4)}`, ai),
    );
  const day = dd === 0 ? last : dd;
  return ok(`${year}-${value.slice(2, 4)}-${String(day).padStart(2, '0')}`);
}
