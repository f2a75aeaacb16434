import { z } from 'zod';
import { DomainError } from './errors';
import { MAX_REPORTED_ISSUES, parseOrThrow } from './validation';

function refusal(schema: z.ZodType, input: unknown): DomainError {
  try {
    parseOrThrow(schema, input);
  } catch (err) {
    if (err instanceof DomainError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('parseOrThrow', () => {
  it('lists at most 20 issues and says in the message how many there were in all', () => {
    const err = refusal(
      z.array(z.enum(['qr', 'dm'])),
      Array.from({ length: 40_000 }, () => 'bogus'),
    );
    expect(err.code).toBe('validation_failed');
    expect(err.details).toHaveLength(MAX_REPORTED_ISSUES);
    expect(err.message).toMatch(/^0: .+ \(and 39999 more; details lists the first 20\)$/);
    expect(JSON.stringify(err.toBody()).length).toBeLessThan(8 * 1024);
  });

  it('lists every issue while there are few', () => {
    const err = refusal(z.strictObject({ a: z.string(), b: z.number() }), { a: 1, b: 'x' });
    expect(err.details).toEqual([
      { path: 'a', message: expect.any(String) },
      { path: 'b', message: expect.any(String) },
    ]);
    expect(err.message).toMatch(/^a: .+ \(and 1 more\)$/);
  });
});
