import { assertIfMatch, entityTagOf, ifMatchAllows } from './entity-tag';

describe('the entity tag of a representation', () => {
  it('is strong and the same whatever order an object keys came back in', () => {
    const tag = entityTagOf({ code: 'a', tags: { b: '2', a: '1' } });
    expect(tag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(entityTagOf({ tags: { a: '1', b: '2' }, code: 'a' })).toBe(tag);
  });

  it('ignores the named volatile fields and its own etag field, and moves with everything else', () => {
    const link = { code: 'a', destination: 'https://example.com/', lastClickAt: null as string | null };
    const tag = entityTagOf(link, ['lastClickAt']);
    expect(entityTagOf({ ...link, lastClickAt: '2026-01-01T00:00:00.000Z', etag: tag }, ['lastClickAt'])).toBe(tag);
    expect(entityTagOf({ ...link, destination: 'https://example.com/b' }, ['lastClickAt'])).not.toBe(tag);
  });
});

describe('If-Match', () => {
  const current = entityTagOf({ id: 1 });

  it('allows the current tag, one of a list, `*` and no header', () => {
    expect(ifMatchAllows(current, current)).toBe(true);
    expect(ifMatchAllows(`"other", ${current}`, current)).toBe(true);
    expect(ifMatchAllows('*', current)).toBe(true);
    expect(ifMatchAllows(undefined, current)).toBe(true);
  });

  it('refuses another tag and the weak form of the current one with 412 naming the current tag', () => {
    expect(ifMatchAllows(`W/${current}`, current)).toBe(false);
    expect(() => assertIfMatch('"stale"', current, 'channel')).toThrow(
      expect.objectContaining({ code: 'precondition_failed', status: 412, details: { etag: current } }),
    );
  });
});
