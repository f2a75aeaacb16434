import { jsonValueProblem, unsafeBulkRowError, UnsafeBulkRow } from './json-safety';

const nested = (depth: number) => JSON.parse('['.repeat(depth) + ']'.repeat(depth)) as unknown;

describe('the checks that keep a JSON value from reaching a handler as a server fault', () => {
  it('names the first NUL, lone surrogate, over-deep nesting or infinite number with its dotted path', () => {
    expect(jsonValueProblem({ a: [{ b: 'x\u0000' }] }, 'body')).toEqual({
      path: 'body.a.0.b',
      message: 'must not contain a NUL character',
    });
    expect(jsonValueProblem({ t: '\udc00' }, '')?.path).toBe('t');
    expect(jsonValueProblem({ n: Infinity }, 'body')?.message).toMatch(/too large/);
    expect(jsonValueProblem({ a: nested(32) }, 'body')?.message).toMatch(/deeper than 32/);
    expect(jsonValueProblem({ a: nested(31), e: '\ud83d\ude00' }, 'body')).toBeNull();
  });

  it('walks a row nested 400,000 levels deep without overflowing the stack', () => {
    expect(unsafeBulkRowError({ deep: nested(400_000) })?.message).toMatch(/^deep(\.0)*: is nested deeper than 32/);
  });

  it('holds a bulk row to the depth it has in its body, and reports the edge-replaced row as its own error', () => {
    expect(unsafeBulkRowError({ a: nested(29) })).toBeNull();
    expect(unsafeBulkRowError({ a: nested(30) })).toMatchObject({ code: 'validation_failed' });
    expect(unsafeBulkRowError('a\u0000')?.message).toBe('row: must not contain a NUL character');
    const replaced = new UnsafeBulkRow({ path: 'title', message: 'must not contain a NUL character' });
    expect(unsafeBulkRowError(replaced)).toMatchObject({ message: 'title: must not contain a NUL character' });
    const cloned: unknown = JSON.parse(JSON.stringify(replaced));
    expect(unsafeBulkRowError(cloned)).toMatchObject({ message: 'title: must not contain a NUL character' });
    expect(unsafeBulkRowError({ unsafeRow: replaced.issue })).toBeNull();
  });
});
