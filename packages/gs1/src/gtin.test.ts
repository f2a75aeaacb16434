import { gs1CheckDigit, hasValidCheckDigit } from './check-digit';
import { ean13FromGtin, gtinKind, normalizeGtin, parseGtin } from './gtin';

describe('GS1 check digits', () => {
  // Examples from GS1 material: the GenSpecs sample GTIN, GS1 US sample, and well-known retail codes.
  it.each([
    ['0950600013435', 2],
    ['950600013435', 2],
    ['61414112345', 2],
    ['9638507', 4],
    ['400638133393', 1],
    ['978020137962', 4],
    ['0541234500001', 3],
  ])('check digit of %s is %i', (body, digit) => {
    expect(gs1CheckDigit(body)).toBe(digit);
  });

  it('refuses a body that is not digits', () => {
    expect(() => gs1CheckDigit('12a')).toThrow(TypeError);
    expect(hasValidCheckDigit('1')).toBe(false);
  });
});

describe('GTIN validation and normalisation', () => {
  it.each([
    ['96385074', '00000096385074', 'GTIN-8'],
    ['614141123452', '00614141123452', 'GTIN-12'],
    ['9506000134352', '09506000134352', 'GTIN-13'],
    ['09506000134352', '09506000134352', 'GTIN-13'],
    ['19506000134359', '19506000134359', 'GTIN-14'],
  ])('%s normalises to %s (%s)', (input, normalised, kind) => {
    expect(parseGtin(input)).toEqual({ ok: true, value: normalised });
    expect(normalizeGtin(input)).toBe(normalised);
    expect(gtinKind(input)).toBe(kind);
  });

  it('names the expected check digit when it is wrong', () => {
    const result = parseGtin('09506000134353');
    expect(result).toEqual({
      ok: false,
      issue: { reason: 'bad_check_digit', ai: '01', message: 'GTIN check digit is 3, expected 2' },
    });
  });

  it.each([
    ['', 'empty_value'],
    ['0950600013435X', 'not_numeric'],
    [' 9506000134352', 'not_numeric'],
    ['1234567', 'bad_length'],
    ['12345678901', 'bad_length'],
    ['123456789012345', 'bad_length'],
  ])('refuses %j with %s', (input, reason) => {
    const result = parseGtin(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issue.reason).toBe(reason);
  });

  it('throws from normalizeGtin on an invalid GTIN', () => {
    expect(() => normalizeGtin('123')).toThrow(/8, 12, 13 or 14/);
  });
});

describe('EAN-13 derivation', () => {
  it('gives the 13 digits of a GTIN-13', () => {
    expect(ean13FromGtin('09506000134352')).toBe('9506000134352');
  });

  it('gives a GTIN-12 as EAN-13 with a leading zero', () => {
    expect(ean13FromGtin('614141123452')).toBe('0614141123452');
  });

  it('has none for a GTIN-8 (printed as EAN-8) or a GTIN-14 with an indicator digit', () => {
    expect(ean13FromGtin('96385074')).toBeNull();
    expect(ean13FromGtin('19506000134359')).toBeNull();
  });
});
