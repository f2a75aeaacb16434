import fc from 'fast-check';
import { gs1CheckDigit, hasValidCheckDigit } from './check-digit';
import { CSET82 } from './charset82';
import { buildDigitalLinkPath, buildDigitalLinkUri, type Gs1Key } from './digital-link-build';
import { parseDigitalLinkPath, parseDigitalLinkUri } from './digital-link-parse';
import { parseElementString } from './element-string-parse';
import { elementStringRaw } from './element-string';
import { parseGtin } from './gtin';

const digits = (n: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: n, maxLength: n });
const gtinArb = fc
  .constantFrom(8, 12, 13, 14)
  .chain((n) => digits(n - 1))
  .map((body) => `${body}${gs1CheckDigit(body)}`);
const x20 = fc
  .string({ unit: fc.constantFrom(...CSET82), minLength: 1, maxLength: 20 })
  .filter((v) => v !== '.' && v !== '..');
const keyArb: fc.Arbitrary<Gs1Key> = fc.record(
  { gtin: gtinArb, cpv: x20, batch: x20, serial: x20 },
  { requiredKeys: ['gtin'] },
);
const dateArb = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2049-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(2, 10).replace(/-/g, ''));

describe('Digital Link properties', () => {
  it('a random GTIN with its computed check digit is valid, and any other last digit is not', () => {
    fc.assert(
      fc.property(gtinArb, fc.integer({ min: 1, max: 9 }), (gtin, delta) => {
        expect(hasValidCheckDigit(gtin)).toBe(true);
        const wrong = `${gtin.slice(0, -1)}${(Number(gtin.slice(-1)) + delta) % 10}`;
        expect(parseGtin(wrong).ok).toBe(false);
      }),
    );
  });

  it('build then parse is the identity (key normalised to GTIN-14)', () => {
    fc.assert(
      fc.property(keyArb, (key) => {
        const path = buildDigitalLinkPath(key);
        const parsed = parseDigitalLinkPath(path);
        expect(parsed.ok).toBe(true);
        if (!parsed.ok) return;
        expect(parsed.value.key).toEqual({ ...key, gtin: key.gtin.padStart(14, '0') });
        expect(parsed.value.path).toBe(path);
      }),
    );
  });

  it('survives a round trip through a real URL parser with a data attribute', () => {
    fc.assert(
      fc.property(keyArb, dateArb, (key, expiry) => {
        const uri = buildDigitalLinkUri('https://brand.example', key, { '17': expiry });
        const parsed = parseDigitalLinkUri(new URL(uri).href);
        expect(parsed.ok && parsed.value.attributes).toEqual({ '17': expiry });
        expect(parsed.ok && parsed.value.path).toBe(buildDigitalLinkPath(key));
      }),
    );
  });

  it('the scanner form of the element string parses back to the same key', () => {
    fc.assert(
      fc.property(keyArb, dateArb, (key, expiry) => {
        const parsed = parseElementString(`]d2${elementStringRaw(key, { '17': expiry })}`);
        expect(parsed).toEqual({
          ok: true,
          value: { key: { ...key, gtin: key.gtin.padStart(14, '0') }, attributes: { '17': expiry } },
        });
      }),
    );
  });
});
