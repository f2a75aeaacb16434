import fc from 'fast-check';
import { CSET82 } from './charset82';
import { gs1CheckDigit } from './check-digit';
import { compressDigitalLink } from './digital-link-compress';
import { decompressDigitalLink } from './digital-link-decompress';
import { expandCompressedDigitalLink } from './digital-link-expand';
import { parseDigitalLink } from './digital-link-parse';

// Published examples of GS1's Digital Link compression prototype (gs1/GS1DigitalLinkCompressionPrototype).
const PARTIAL_EXAMPLE = 'AQnYUc1gmiERBhQ0ytiyZuAGOLc1TQ';
const FULL_EXAMPLE = 'AQnYUc1gmiERBhQ0ytiyZuAGOLc1TXhXsaXbQKHFuaprwUmrBX6g';

describe('GS1 Digital Link compression', () => {
  it("decompresses GS1's published examples, non-GS1 key=value pairs included", () => {
    expect(decompressDigitalLink(PARTIAL_EXAMPLE)).toEqual({
      ok: true,
      value: {
        elements: [
          ['01', '05412345000013'],
          ['10', 'ABC&+123'],
          ['7003', '1903061658'],
        ],
        params: {},
      },
    });
    const full = decompressDigitalLink(FULL_EXAMPLE);
    expect(full.ok && full.value.params).toEqual({ expdt: '1903061658', k1: 'v1' });
  });

  it('expands a compressed path into the uncompressed Digital Link, which parses', () => {
    const expanded = expandCompressedDigitalLink(`/${PARTIAL_EXAMPLE}`, 's=q');
    expect(expanded).toBe('/01/05412345000013/10/ABC%26%2B123?7003=1903061658&s=q');
    expect(parseDigitalLink(expanded as string)).toMatchObject({
      ok: true,
      value: { path: '01/05412345000013/10/ABC%26%2B123' },
    });
    expect(expandCompressedDigitalLink('/shop/not-a-digital-link')).toBeNull();
    expect(expandCompressedDigitalLink('/abc')).toBeNull();
  });

  it('round-trips any key, qualifiers and data attributes, with the optimisation codes where they apply', () => {
    const digitsOf = (n: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: n, maxLength: n });
    const gtin = digitsOf(13).map((body) => `${body}${gs1CheckDigit(body)}`);
    const x20 = fc.string({ unit: fc.constantFrom(...CSET82), minLength: 1, maxLength: 20 });
    const arb = fc.record({
      gtin,
      lot: fc.option(x20),
      serial: fc.option(x20),
      expiry: fc.option(digitsOf(6)),
      weight: fc.option(digitsOf(6)),
      internal: fc.option(x20),
    });
    fc.assert(
      fc.property(arb, (r) => {
        const elements: Array<[string, string]> = [['01', r.gtin]];
        if (r.lot !== null) elements.push(['10', r.lot]);
        if (r.serial !== null) elements.push(['21', r.serial]);
        if (r.expiry !== null) elements.push(['17', r.expiry]);
        if (r.weight !== null) elements.push(['3103', r.weight]);
        if (r.internal !== null) elements.push(['99', r.internal]);
        expect(decompressDigitalLink(compressDigitalLink(elements))).toEqual({
          ok: true,
          value: { elements, params: {} },
        });
      }),
      { numRuns: 300 },
    );
  });

  it('refuses data that is not a compressed Digital Link', () => {
    expect(decompressDigitalLink('A')).toMatchObject({ ok: false });
    expect(decompressDigitalLink('____')).toMatchObject({ ok: false, issue: { reason: 'bad_uri' } });
    expect(decompressDigitalLink('a b')).toMatchObject({ ok: false });
  });
});
