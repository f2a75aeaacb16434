import { z } from 'zod';
import { DomainError, ERROR_CATALOG, ErrorBody, statusOf } from './errors';
import { parseOrThrow } from './validation';

describe('error catalog', () => {
  it('maps every code to the decided status', () => {
    expect(ERROR_CATALOG).toEqual({
      validation_failed: 400,
      bulk_too_large: 400,
      unauthorized: 401,
      insufficient_scope: 403,
      entitlement_required: 403,
      not_found: 404,
      method_not_allowed: 405,
      code_taken: 409,
      conflict: 409,
      precondition_failed: 412,
      payload_too_large: 413,
      unsupported_media_type: 415,
      destination_rejected: 422,
      idempotency_key_reused: 422,
      rate_limited: 429,
      internal_error: 500,
      unavailable: 503,
    });
  });

  it('a DomainError takes its status from the catalog and serialises as {error, code}', () => {
    const e = new DomainError('code_taken', 'code "spring" is taken on go.example');
    expect(e.status).toBe(409);
    expect(e).toBeInstanceOf(Error);
    expect(ErrorBody.parse(e.toBody())).toEqual({ error: 'code "spring" is taken on go.example', code: 'code_taken' });
    expect(new DomainError('rate_limited', 'slow down', { retryAfter: 3 }).toBody().details).toEqual({ retryAfter: 3 });
    expect(statusOf('destination_rejected')).toBe(422);
  });

  it('parseOrThrow names every bad field in a validation_failed error', () => {
    const schema = z.strictObject({ a: z.number(), b: z.string() });
    try {
      parseOrThrow(schema, { a: 'x', c: 1 });
      throw new Error('expected a throw');
    } catch (e) {
      expect(e).toBeInstanceOf(DomainError);
      const err = e as DomainError;
      expect(err.code).toBe('validation_failed');
      expect(err.message).toMatch(/^a: .* \(and 2 more\)$/);
      expect((err.details as Array<{ path: string }>).map((d) => d.path).sort()).toEqual(['', 'a', 'b']);
    }
  });
});
