import { Gs1BulkOptions } from './gs1-bulk';
import { mergeGs1Tags } from './gs1-fields';
import { Gs1Record } from './gs1-record';

const messages = (input: unknown): string[] => {
  const r = Gs1Record.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('GS1 records', () => {
  it('normalises the GTIN, defaults the link type to gs1:pip and accepts full link type URIs', () => {
    const r = Gs1Record.parse({
      gtin: '9506000134352',
      batch: 'AB/1',
      expiry: '261200',
      linkset: [
        { href: 'https://b.example/pip' },
        { linkType: 'https://ref.gs1.org/voc/epil', href: 'https://b.example/e' },
      ],
    });
    expect(r.gtin).toBe('09506000134352');
    expect(r.linkset?.map((e) => [e.linkType, e.default])).toEqual([
      ['gs1:pip', false],
      ['gs1:epil', false],
    ]);
  });

  it('reports GS1 problems with the precise reason', () => {
    expect(messages({ gtin: '09506000134353', destination: 'https://b.example' })).toEqual([
      'gtin: GTIN check digit is 3, expected 2',
    ]);
    expect(messages({ gtin: '09506000134352', batch: 'A B', destination: 'https://b.example' })).toEqual([
      'batch: AI 10 contains " ", which is not in GS1 character set 82',
    ]);
    expect(messages({ gtin: '09506000134352', expiry: '260230', destination: 'https://b.example' })[0]).toMatch(
      /^expiry: AI 17: day 30 does not exist/,
    );
  });

  it('needs a destination or a linkset', () => {
    expect(messages({ gtin: '09506000134352' })).toEqual(['destination: a record needs a destination or a linkset']);
  });

  it('allows one default entry at most and only GS1 link types', () => {
    const two = [
      { href: 'https://a.example', default: true },
      { href: 'https://b.example', default: true },
    ];
    expect(messages({ gtin: '09506000134352', linkset: two })).toEqual([
      'linkset: at most one entry may be the default',
    ]);
    expect(
      messages({ gtin: '09506000134352', linkset: [{ linkType: 'gs1:nope', href: 'https://a.example' }] }),
    ).toEqual(['linkset.0.linkType: "gs1:nope" is not a GS1 link type']);
  });

  it('accepts data attributes only for known attribute AIs, and AI 17 only once', () => {
    const base = { gtin: '09506000134352', destination: 'https://b.example' };
    expect(messages({ ...base, ai: { '15': '261231' } })).toEqual([]);
    expect(messages({ ...base, ai: { '10': 'X' } })).toEqual([
      'ai.10: AI 10 is a key, not a data attribute; use its own field',
    ]);
    expect(messages({ ...base, ai: { '3103': '000123', '99': 'internal' } })).toEqual([]);
    expect(messages({ ...base, ai: { '04': '1' } })).toEqual(['ai.04: AI 04 is not a supported data attribute']);
    expect(messages({ ...base, ai: { '03': '09506000134352' } })).toContain(
      'ai.03: AI 03 is not permitted as a Digital Link data attribute',
    );
    expect(messages({ ...base, ai: { '3922': '1' } })).toEqual([
      'ai.3922: AI 3922 requires one of AI 30, 31nn, 32nn, 35nn, 36nn',
    ]);
    expect(messages({ ...base, ai: { '250': 'S2' } })).toEqual(['ai.250: AI 250 requires one of AI 21']);
    expect(messages({ ...base, serial: 'S1', ai: { '250': 'S2' } })).toEqual([]);
    expect(messages({ ...base, ai: { '15': '261331' } })).toEqual(['ai.15: AI 15: month 13 is not 01-12']);
    expect(messages({ ...base, expiry: '261231', ai: { '17': '261231' } })).toEqual([
      'ai.17: AI 17 is given twice; use expiry alone',
    ]);
  });

  it('limits tags to 20 of at most 32 characters', () => {
    const base = { gtin: '09506000134352', destination: 'https://b.example' };
    expect(messages({ ...base, tags: Array.from({ length: 20 }, (_, i) => `t${i}`) })).toEqual([]);
    expect(messages({ ...base, tags: Array.from({ length: 21 }, (_, i) => `t${i}`) })).toHaveLength(1);
    expect(messages({ ...base, tags: ['x'.repeat(33)] })).toHaveLength(1);
    expect(messages({ ...base, tags: ['a', 'a'] })).toEqual(['tags: tags must be unique']);
  });

  it('refuses unknown fields and destinations that are not absolute URLs', () => {
    expect(messages({ gtin: '09506000134352', destination: 'https://b.example', colour: 'red' })).toHaveLength(1);
    expect(messages({ gtin: '09506000134352', destination: '/relative' })).toHaveLength(1);
  });

  it('leaves the scheme to destination screening (422 destination_rejected with its reason, as on the link paths)', () => {
    expect(messages({ gtin: '09506000134352', destination: 'javascript:alert(1)' })).toEqual([]);
  });
});

describe('GS1 bulk options', () => {
  it('defaults upsert to true and tags to none, leaving records for per-row parsing', () => {
    expect(Gs1BulkOptions.parse({ records: [{ junk: 1 }] })).toEqual({
      records: [{ junk: 1 }],
      tags: [],
      upsert: true,
    });
    expect(Gs1BulkOptions.parse({ records: [], upsert: false }).upsert).toBe(false);
  });

  it('merges request and record tags without duplicates', () => {
    expect(mergeGs1Tags(['spring', 'eu'], ['eu', 'promo'])).toEqual(['spring', 'eu', 'promo']);
    expect(mergeGs1Tags(undefined, ['a'])).toEqual(['a']);
  });
});
