import { buildDigitalLinkPath, buildDigitalLinkUri } from './digital-link-build';
import { gs1CheckDigit } from './check-digit';
import { parseDigitalLink, parseDigitalLinkPath, parseDigitalLinkUri } from './digital-link-parse';
import { Gs1ValidationError } from './issue';

const issueOf = (path: string) => {
  const r = parseDigitalLinkPath(path);
  return r.ok ? undefined : { reason: r.issue.reason, ai: r.issue.ai };
};

describe('building Digital Links', () => {
  it('derives the path with qualifiers in the order 22, 10, 21 whatever the input order', () => {
    const path = buildDigitalLinkPath({ serial: '12345', batch: 'ABC123', cpv: '2A', gtin: '9506000134352' });
    expect(path).toBe('01/09506000134352/22/2A/10/ABC123/21/12345');
  });

  it('builds the GS1 example with a data attribute in the query string', () => {
    const uri = buildDigitalLinkUri(
      'https://id.gs1.org',
      { gtin: '05412345000013', batch: 'ABC123' },
      { '17': '290331' },
    );
    expect(uri).toBe('https://id.gs1.org/01/05412345000013/10/ABC123?17=290331');
  });

  it('percent-encodes every character outside the unreserved set, in upper-case hex', () => {
    const path = buildDigitalLinkPath({ gtin: '09506000134352', batch: `AB/1%2!'()*+,;=&?`, serial: 'a.b_c-d' });
    expect(path).toBe('01/09506000134352/10/AB%2F1%252%21%27%28%29%2A%2B%2C%3B%3D%26%3F/21/a.b_c-d');
  });

  it('refuses invalid values instead of building a wrong path', () => {
    expect(() => buildDigitalLinkPath({ gtin: '09506000134353' })).toThrow(Gs1ValidationError);
    expect(() => buildDigitalLinkPath({ gtin: '09506000134352', batch: 'A B' })).toThrow(/set 82/);
    expect(() => buildDigitalLinkUri('https://x', { gtin: '09506000134352' }, { '10': 'A' })).toThrow(
      /not a data attribute/,
    );
    expect(() => buildDigitalLinkUri('https://x', { gtin: '09506000134352' }, {}, { '17': '261231' })).toThrow(
      /data attribute/,
    );
  });

  it('puts extra non-GS1 parameters after the data attributes', () => {
    const uri = buildDigitalLinkUri(
      'https://b.example/',
      { gtin: '09506000134352' },
      { '17': '261231' },
      { linkType: 'gs1:pip' },
    );
    expect(uri).toBe('https://b.example/01/09506000134352?17=261231&linkType=gs1%3Apip');
  });
});

describe('parsing Digital Links', () => {
  it('parses the GS1 example into key, attributes and other parameters', () => {
    const r = parseDigitalLinkUri('https://id.gs1.org/01/05412345000013/10/ABC123?17=290331&arv=true&donor=bmgf');
    expect(r).toEqual({
      ok: true,
      value: {
        key: { gtin: '05412345000013', batch: 'ABC123' },
        path: '01/05412345000013/10/ABC123',
        attributes: { '17': '290331' },
        params: { arv: 'true', donor: 'bmgf' },
      },
    });
  });

  it('normalises a GTIN-13 to 14 digits and tolerates a leading and a trailing slash', () => {
    const r = parseDigitalLinkPath('/01/9506000134352/10/AB%2f1/');
    expect(r.ok && r.value.path).toBe('01/09506000134352/10/AB%2F1');
    expect(r.ok && r.value.key.batch).toBe('AB/1');
  });

  it('ignores a fragment and empty query parts', () => {
    const r = parseDigitalLinkPath('01/09506000134352?&17=261231&#frag');
    expect(r.ok && r.value.attributes).toEqual({ '17': '261231' });
  });

  it.each([
    ['', 'missing_primary_key', undefined],
    ['/foo/bar', 'missing_primary_key', undefined],
    ['/10/ABC/01/09506000134352', 'misplaced_ai', '10'],
    ['/01/09506000134353', 'bad_check_digit', '01'],
    ['/01/95060001343', 'bad_length', '01'],
    ['/01/', 'missing_value', '01'],
    ['/01//10/A', 'empty_value', '01'],
    ['/01/09506000134352/10', 'missing_value', '10'],
    ['/01/09506000134352/10/A/10/B', 'duplicate_ai', '10'],
    ['/01/09506000134352/01/09506000134352', 'duplicate_ai', '01'],
    ['/01/09506000134352/10/A/22/B', 'wrong_order', '22'],
    ['/01/09506000134352/21/S/10/B', 'wrong_order', '10'],
    ['/01/09506000134352/04/X', 'unknown_ai', '04'],
    ['/01/09506000134352/99/X', 'misplaced_ai', '99'],
    ['/01/09506000134352/10/A/235/X', 'exclusive_ai', '235'],
    ['/01/09506000134352/17/261231', 'misplaced_ai', '17'],
    ['/01/09506000134352?10=ABC', 'misplaced_ai', '10'],
    ['/01/09506000134352/10/A?10=B', 'duplicate_ai', '10'],
    ['/01/09506000134352?01=09506000134352', 'duplicate_ai', '01'],
    ['/01/09506000134352?17=261231&17=261231', 'duplicate_ai', '17'],
    ['/01/09506000134352?17=', 'empty_value', '17'],
    ['/01/09506000134352?17', 'empty_value', '17'],
    ['/01/09506000134352?17=261301', 'bad_date', '17'],
    ['/01/09506000134352?04=1', 'unknown_ai', '04'],
    ['/01/09506000134352?4321=1', 'missing_requisite', '4321'],
    ['/01/09506000134352/10/A%2', 'bad_percent_encoding', '10'],
    ['/01/09506000134352/10/%FF', 'bad_percent_encoding', '10'],
    ['/01/09506000134352/10/A%20B', 'bad_character', '10'],
    ['/01/09506000134352/21/123456789012345678901', 'too_long', '21'],
  ])('refuses %j: %s', (path, reason, ai) => {
    expect(issueOf(path)).toEqual({ reason, ai });
  });

  it('explains a wrong order precisely', () => {
    const r = parseDigitalLinkPath('/01/09506000134352/10/A/22/B');
    expect(!r.ok && r.issue.message).toBe('AI 22 must come before AI 10 (order after 01 is 22, 10, 21)');
  });

  it('refuses something that is not a URI', () => {
    const r = parseDigitalLinkUri('not a uri');
    expect(!r.ok && r.issue.reason).toBe('bad_uri');
  });
});

describe('every Digital Link the dictionary permits', () => {
  const sscc = `10614141123456789${gs1CheckDigit('10614141123456789')}`;

  it('takes every data attribute flagged "?", validated, in any order', () => {
    const r = parseDigitalLink('/01/09506000134352?3103=000500&99=x&17=261231');
    expect(r.ok && r.value.attributes).toEqual({ '3103': '000500', '99': 'x', '17': '261231' });
    expect(parseDigitalLink('/01/09506000134352?3103=00050')).toMatchObject({
      ok: false,
      issue: { reason: 'bad_length', ai: '3103' },
    });
    expect(parseDigitalLink('/01/09506000134352?3103=000500&3102=000400')).toMatchObject({
      ok: false,
      issue: { reason: 'exclusive_ai' },
    });
  });

  it('takes AI 235 as the alternative qualifier of AI 01', () => {
    const r = parseDigitalLinkPath('/01/09506000134352/235/TPX-1');
    expect(r.ok && [r.value.path, r.value.tpx, r.value.key]).toEqual([
      '01/09506000134352/235/TPX-1',
      'TPX-1',
      { gtin: '09506000134352' },
    ]);
  });

  it('parses other primary keys with their own qualifiers', () => {
    expect(parseDigitalLink(`/00/${sscc}`)).toMatchObject({
      ok: true,
      value: { primary: ['00', sscc], qualifiers: [] },
    });
    expect(parseDigitalLink('/414/9506000134352/254/EXT1')).toMatchObject({
      ok: true,
      value: { qualifiers: [['254', 'EXT1']] },
    });
    expect(parseDigitalLink('/8004/9506000ABC')).toMatchObject({
      ok: true,
      value: { primary: ['8004', '9506000ABC'] },
    });
    expect(parseDigitalLink('/414/9506000134352/10/B')).toMatchObject({
      ok: false,
      issue: { reason: 'misplaced_ai', ai: '10' },
    });
    expect(parseDigitalLinkPath(`/00/${sscc}`)).toMatchObject({
      ok: false,
      issue: { reason: 'misplaced_ai', ai: '00' },
    });
  });

  it('accepts a custom stem before the key when asked to, the rightmost key winning', () => {
    const r = parseDigitalLink('/shop/en/01/09506000134352/10/B1?17=261231', { stems: true });
    expect(r.ok && [r.value.stem, r.value.path]).toEqual(['shop/en', '01/09506000134352/10/B1']);
    const rightmost = parseDigitalLink(`/01/09506000134352/00/${sscc}`, { stems: true });
    expect(rightmost.ok && [rightmost.value.stem, rightmost.value.primary[0]]).toEqual(['01/09506000134352', '00']);
    expect(parseDigitalLink('/shop/en', { stems: true })).toMatchObject({
      ok: false,
      issue: { reason: 'missing_primary_key' },
    });
    expect(parseDigitalLink('/shop/01/09506000134352')).toMatchObject({
      ok: false,
      issue: { reason: 'missing_primary_key' },
    });
  });

  it.each([
    ['/01/12345678901231/01/09506000134352/10/ABC', '01/12345678901231', '01/09506000134352/10/ABC'],
    ['/01/09506000134352/01/10614141000415', '01/09506000134352', '01/10614141000415'],
    ['/01/09506000134352/414/9506000134352', '01/09506000134352', '414/9506000134352'],
  ])('reads %s as the rightmost key behind a stem that holds a key, as GS1 does', (path, stem, key) => {
    const r = parseDigitalLink(path, { stems: true });
    expect(r.ok && [r.value.stem, r.value.path]).toEqual([stem, key]);
    expect(parseDigitalLink(path)).toMatchObject({ ok: false });
  });

  it('parses a path that opens with a key but ends without a value from that key, to say what is wrong', () => {
    expect(parseDigitalLink('/01/09506000134352/10', { stems: true })).toMatchObject({
      ok: false,
      issue: { reason: 'missing_value', ai: '10' },
    });
  });
});
