import { CSET82 } from './charset82';
import { hasValidCheckDigit } from './check-digit';
import { parseN6Date } from './date-n6';
import { ISO3166_ALPHA2, ISO3166_NUMERIC, ISO4217_NUMERIC } from './iso-codes';

/** A linter of the GS1 Barcode Syntax Dictionary: the problem with a component's value, or null when it passes. */
export type AiLinter = (value: string, referenceYear: number) => string | null;

const CSET32 = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const PRIMES = [
  2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97, 101, 103,
];

const inRange = (value: string, from: number, to: number): boolean =>
  /^\d+$/.test(value) && Number(value) >= from && Number(value) <= to;

/** GS1 alphanumeric check character pair (General Specifications 7.9.5): prime weights from the right, mod 1021. */
function csumalpha(value: string): string | null {
  if (value.length < 2 || value.length - 2 > PRIMES.length)
    return 'is too short or too long for a check character pair';
  let sum = 0;
  const data = value.slice(0, -2);
  for (let i = 0; i < data.length; i++)
    sum += CSET82.indexOf(data[i] as string) * (PRIMES[data.length - 1 - i] as number);
  sum %= 1021;
  return value.slice(-2) === `${CSET32[sum >> 5]}${CSET32[sum & 31]}` ? null : 'has a wrong check character pair';
}

/** ISO 13616 IBAN: country code, check digits, mod 97 of the rearranged number is 1. */
function iban(value: string): string | null {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{1,30}$/.test(value) || !ISO3166_ALPHA2.has(value.slice(0, 2))) return 'is not an IBAN';
  const digits = `${value.slice(4)}${value.slice(0, 4)}`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return rest === 1 ? null : 'has a wrong IBAN check';
}

function date(value: string, referenceYear: number, dayZero: boolean): string | null {
  if (!dayZero && value.endsWith('00')) return 'is not a calendar date (day 00)';
  return parseN6Date(value, '', referenceYear).ok ? null : 'is not a valid date YYMMDD';
}

function fullDate(value: string, dayZero: boolean): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  if (!m) return 'is not a date YYYYMMDD';
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (month < 1 || month > 12 || day > last || (day === 0 && !dayZero)) return 'is not a valid date YYYYMMDD';
  return null;
}

/**
 * Linters by dictionary name. Not checked (they pass): `gcppos1`/`gcppos2` (need GS1's company-prefix allocation
 * table), `packagetype` (UN/ECE Rec. 21 code list), `couponcode`/`couponposoffer` (North American coupon syntax).
 */
export const AI_LINTERS: Readonly<Record<string, AiLinter>> = {
  csum: (v) => (hasValidCheckDigit(v) ? null : 'has a wrong check digit'),
  csumalpha,
  iban,
  key: () => null,
  gcppos1: () => null,
  gcppos2: () => null,
  packagetype: () => null,
  couponcode: () => null,
  couponposoffer: () => null,
  yymmd0: (v, y) => date(v, y, true),
  yymmdd: (v, y) => date(v, y, false),
  yyyymmd0: (v) => fullDate(v, true),
  yyyymmdd: (v) => fullDate(v, false),
  hhmi: (v) => (inRange(v.slice(0, 2), 0, 23) && inRange(v.slice(2), 0, 59) ? null : 'is not a time HHMM'),
  hhmm: (v) => (inRange(v.slice(0, 2), 0, 23) && inRange(v.slice(2), 0, 59) ? null : 'is not a time HHMM'),
  hh: (v) => (inRange(v, 0, 23) ? null : 'is not an hour 00-23'),
  mi: (v) => (inRange(v, 0, 59) ? null : 'is not a minute 00-59'),
  ss: (v) => (inRange(v, 0, 59) ? null : 'is not a second 00-59'),
  iso3166: (v) => (ISO3166_NUMERIC.has(v) ? null : 'is not an ISO 3166 country code'),
  iso3166999: (v) => (v === '999' || ISO3166_NUMERIC.has(v) ? null : 'is not an ISO 3166 country code or 999'),
  iso3166alpha2: (v) => (ISO3166_ALPHA2.has(v) ? null : 'is not an ISO 3166 alpha-2 country code'),
  iso3166list: (v) =>
    v.length % 3 === 0 && v.match(/.{3}/g)?.every((c) => ISO3166_NUMERIC.has(c))
      ? null
      : 'is not a list of ISO 3166 country codes',
  iso4217: (v) => (ISO4217_NUMERIC.has(v) ? null : 'is not an ISO 4217 currency code'),
  iso5218: (v) => (['0', '1', '2', '9'].includes(v) ? null : 'is not an ISO/IEC 5218 sex code (0, 1, 2, 9)'),
  pcenc: (v) => (/%(?![0-9A-Fa-f]{2})/.test(v) ? 'has a malformed percent-encoding' : null),
  yesno: (v) => (v === '0' || v === '1' ? null : 'must be 0 or 1'),
  hyphen: (v) => (v === '-' ? null : 'must be "-"'),
  zero: (v) => (v === '0' ? null : 'must be 0'),
  nonzero: (v) => (/^0+$/.test(v) ? 'must not be zero' : null),
  nozeroprefix: (v) => (v.length > 1 && v.startsWith('0') ? 'must not start with 0' : null),
  hasnondigit: (v) => (/\D/.test(v) ? null : 'must contain a character that is not a digit'),
  winding: (v) => (['0', '1', '9'].includes(v) ? null : 'is not a winding direction (0, 1, 9)'),
  latitude: (v) => (inRange(v, 0, 1800000000) ? null : 'is not a latitude'),
  longitude: (v) => (inRange(v, 0, 3600000000) ? null : 'is not a longitude'),
  mediatype: (v) => (inRange(v, 1, 10) || inRange(v, 80, 99) ? null : 'is not an AIDC media type'),
  importeridx: (v) => (/^[A-Za-z0-9_-]$/.test(v) ? null : 'is not an importer index'),
  posinseqslash: (v) => {
    const m = /^([1-9])\/([1-9])$/.exec(v);
    return m && Number(m[1]) <= Number(m[2]) ? null : 'is not a position in a sequence (n/m)';
  },
  pieceoftotal: (v) => {
    const piece = Number(v.slice(0, 2));
    const total = Number(v.slice(2));
    return /^\d{4}$/.test(v) && piece >= 1 && piece <= total
      ? null
      : 'is not a piece of a total (ppTT, 01 <= pp <= TT)';
  },
};
