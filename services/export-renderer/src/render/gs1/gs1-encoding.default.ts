import type { RenderRecord } from '../record';
import type { Gs1Encoding } from './gs1-encoding';

/**
 * Element string order: the predefined-length AIs first (01, 17) so no FNC1 separator is spent on them,
 * then the variable-length ones (22, 10, 21); the encoder inserts FNC1 after every variable field but the last.
 */
function elementString(r: RenderRecord): string {
  const parts: Array<[string, string | undefined]> = [
    ['01', r.gtin14],
    ['17', r.expiry],
    ['22', r.cpv],
    ['10', r.batch],
    ['21', r.serial],
  ];
  return parts
    .filter((p): p is [string, string] => p[1] !== undefined)
    .map(([ai, value]) => `(${ai})${value}`)
    .join('');
}

/**
 * A GTIN-14 has an EAN-13 form when its indicator digit is 0 (a GTIN-13, or a GTIN-12 which EAN-13 carries
 * with a leading 0). A GTIN-8 (six leading zeros) belongs in an EAN-8, and a GTIN-14 with an indicator in an
 * ITF-14 or GS1-128: neither has an EAN-13 form.
 */
function ean13FromGtin14(gtin14: string): string | null {
  if (!/^0\d{13}$/.test(gtin14) || gtin14.startsWith('000000')) return null;
  return gtin14.slice(1);
}

function digitalLinkUri(r: RenderRecord): string {
  return `https://${r.domain}/${r.code}`;
}

export const defaultGs1Encoding: Gs1Encoding = { elementString, ean13FromGtin14, digitalLinkUri };
