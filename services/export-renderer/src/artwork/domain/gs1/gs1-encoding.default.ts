import {
  compressDigitalLink,
  ean13FromGtin,
  elementStringFnc1,
  elementStringHri,
  qualifiersOf,
  type Gs1Attributes,
  type Gs1Key,
} from '@waymark/gs1';
import type { RenderRecord } from '../render-record-schema';
import type { Gs1Encoding } from './gs1-encoding';

function key(r: RenderRecord): Gs1Key {
  return { gtin: r.gtin14, cpv: r.cpv, batch: r.batch, serial: r.serial };
}

function attributes(r: RenderRecord): Gs1Attributes {
  return r.expiry === undefined ? {} : { '17': r.expiry };
}

/** GS1 rules from @waymark/gs1; the QR carries the record's derived path on its own domain (spec 2.5). */
export const defaultGs1Encoding: Gs1Encoding = {
  elementStringHri: (r) => elementStringHri(key(r), attributes(r)),
  elementStringFnc1: (r) => elementStringFnc1(key(r), attributes(r)),
  ean13FromGtin14: (gtin14) => ean13FromGtin(gtin14),
  // Compressed, the URI carries the same key as the path (GTIN and qualifiers), so both resolve alike.
  digitalLinkUri: (r, compressed = false) =>
    compressed
      ? `https://${r.domain}/${compressDigitalLink([['01', r.gtin14], ...qualifiersOf(key(r))])}`
      : `https://${r.domain}/${r.code}`,
};
