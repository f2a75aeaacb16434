import { BULK_MAX_ROWS, parseBulkEnvelope } from './bulk';
import { DomainError } from './errors';
import { LinkCreate, LinkListQuery, LinkPatch } from './link';
import { customCodeIssue } from './link-code';
import { LINK_TAGS_MAX, LinkTags } from './link-tags';

describe('custom codes', () => {
  it.each(['spring-sale', 'A_b-9', 'x'.repeat(64), '2024', '1234567', '123456789012345'])('accepts %j', (code) => {
    expect(customCodeIssue(code)).toBeNull();
  });

  it.each([
    ['', /empty/],
    ['x'.repeat(65), /at most 64/],
    ['with space', /only A-Z/],
    ['a/b', /only A-Z/],
    ['ümlaut', /only A-Z/],
    ['v1', /reserved/],
    ['ADMIN', /reserved/],
    ['Healthz', /reserved/],
    ['.well-known', /only A-Z/],
    ['01', /GS1 primary-key AI/],
    ['414', /GS1 primary-key AI/],
    ['415', /GS1 primary-key AI/],
    ['09506000', /looks like a GS1 key/],
    ['09506000134352', /looks like a GS1 key/],
  ])('refuses %j', (code, reason) => {
    expect(customCodeIssue(code)).toMatch(reason);
  });
});

describe('link tags', () => {
  const many = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, 'v']));

  it('allows up to 25 pairs and refuses 26', () => {
    expect(LinkTags.safeParse(many(LINK_TAGS_MAX)).success).toBe(true);
    expect(LinkTags.safeParse(many(LINK_TAGS_MAX + 1)).success).toBe(false);
  });

  it('limits keys to 1-64 characters without ":" and values to 256 characters', () => {
    expect(LinkTags.safeParse({ ['k'.repeat(64)]: 'v'.repeat(256) }).success).toBe(true);
    expect(LinkTags.safeParse({ ['k'.repeat(65)]: 'v' }).success).toBe(false);
    expect(LinkTags.safeParse({ k: 'v'.repeat(257) }).success).toBe(false);
    expect(LinkTags.safeParse({ '': 'v' }).success).toBe(false);
    expect(LinkTags.safeParse({ 'a:b': 'v' }).success).toBe(false);
    expect(LinkTags.safeParse({ ' a': 'v' }).success).toBe(false);
    expect(LinkTags.safeParse({ a: 'line\nbreak' }).success).toBe(false);
    expect(LinkTags.safeParse({ campaign: '' }).success).toBe(true);
  });
});

describe('link bodies', () => {
  it('create needs a destination and refuses unknown fields', () => {
    expect(LinkCreate.safeParse({}).success).toBe(false);
    expect(LinkCreate.safeParse({ destination: 'https://a.example', destinaton: 'x' }).success).toBe(false);
    expect(LinkCreate.parse({ destination: 'https://a.example', domain: 'Go.Example' }).domain).toBe('go.example');
  });

  it('leaves scheme policy to screening (any absolute URL parses) but refuses non-URLs', () => {
    expect(LinkCreate.safeParse({ destination: 'javascript:alert(1)' }).success).toBe(true);
    expect(LinkCreate.safeParse({ destination: 'not a url' }).success).toBe(false);
  });

  it('requires expiresAt with an offset', () => {
    expect(
      LinkCreate.safeParse({ destination: 'https://a.example', expiresAt: '2030-01-01T00:00:00+02:00' }).success,
    ).toBe(true);
    expect(LinkCreate.safeParse({ destination: 'https://a.example', expiresAt: '2030-01-01T00:00:00' }).success).toBe(
      false,
    );
    expect(LinkCreate.safeParse({ destination: 'https://a.example', expiresAt: '2030-01-01' }).success).toBe(false);
  });

  it('patch accepts any subset, no destination needed, and null clears the expiry', () => {
    expect(LinkPatch.parse({})).toEqual({});
    expect(LinkPatch.parse({ status: 'disabled', title: 'Spring' })).toEqual({ status: 'disabled', title: 'Spring' });
    expect(LinkPatch.parse({ expiresAt: null })).toEqual({ expiresAt: null });
    expect(LinkPatch.safeParse({ status: 'deleted' }).success).toBe(false);
    expect(LinkPatch.safeParse({ notifyChannels: ['a', 'a'] }).success).toBe(false);
  });
});

describe('link list query', () => {
  it('applies the default limit and coerces query strings', () => {
    expect(LinkListQuery.parse({})).toEqual({ limit: 50 });
    expect(LinkListQuery.parse({ limit: '200', tag: 'campaign:spring:2026' })).toEqual({
      limit: 200,
      tag: { key: 'campaign', value: 'spring:2026' },
    });
  });

  it('refuses limits outside 1..200 and tags without a key', () => {
    expect(LinkListQuery.safeParse({ limit: '0' }).success).toBe(false);
    expect(LinkListQuery.safeParse({ limit: '201' }).success).toBe(false);
    expect(LinkListQuery.safeParse({ limit: '2.5' }).success).toBe(false);
    expect(LinkListQuery.safeParse({ tag: ':x' }).success).toBe(false);
    expect(LinkListQuery.safeParse({ tag: 'novalue' }).success).toBe(false);
  });
});

describe('bulk envelopes', () => {
  const rows = (n: number) => Array.from({ length: n }, () => ({ destination: 'https://a.example' }));

  it('returns rows unvalidated so a bad row fails alone', () => {
    expect(parseBulkEnvelope('rows', { rows: [{ nonsense: true }, 3] }).rows).toEqual([{ nonsense: true }, 3]);
  });

  it('refuses more than 500 rows, or more than the plan cap, as bulk_too_large', () => {
    expect(parseBulkEnvelope('rows', { rows: rows(BULK_MAX_ROWS) }).rows).toHaveLength(500);
    const tooMany = () => parseBulkEnvelope('rows', { rows: rows(BULK_MAX_ROWS + 1) });
    expect(tooMany).toThrow(expect.objectContaining({ code: 'bulk_too_large', status: 400 }));
    expect(() => parseBulkEnvelope('rows', { rows: rows(11) }, 10)).toThrow(/at most 10 rows/);
  });

  it('refuses a missing or empty array as validation_failed', () => {
    for (const body of [{}, { rows: [] }, { rows: 'x' }, null]) {
      expect(() => parseBulkEnvelope('rows', body)).toThrow(DomainError);
      try {
        parseBulkEnvelope('rows', body);
      } catch (e) {
        expect((e as DomainError).code).toBe('validation_failed');
      }
    }
  });
});
