import { ValidateError } from '@tsoa/runtime';
import { isDomainError } from './domain-error-like';
import { mapError } from './error-mapping';

class DomainError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status = 404,
  ) {
    super(message);
  }
}
class LinkNotFound extends DomainError {}

describe('mapError', () => {
  it('recognises a DomainError and its subclasses by shape and class name', () => {
    expect(isDomainError(new DomainError('not_found', 'x'))).toBe(true);
    expect(isDomainError(new LinkNotFound('not_found', 'x'))).toBe(true);
  });

  it('does not mistake a system error that happens to carry code and status for a DomainError', () => {
    const err = Object.assign(new Error('open /etc/secret: permission denied'), { code: 'EACCES', status: 401 });
    expect(isDomainError(err)).toBe(false);
    expect(mapError(err)).toMatchObject({ status: 500, body: { code: 'internal_error' }, unexpected: true });
  });

  it('answers 503 unavailable with Retry-After when a dependency is unreachable, not 500', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
      status: 401,
    });
    expect(isDomainError(refused)).toBe(false);
    expect(mapError(refused)).toEqual({
      status: 503,
      body: { error: 'A service this request depends on is unreachable; try again shortly', code: 'unavailable' },
      unexpected: false,
      retryAfterSeconds: 5,
    });
    const prismaUnreachable = Object.assign(new Error("Can't reach database server"), {
      name: 'PrismaClientKnownRequestError',
      code: 'P1001',
    });
    expect(mapError(prismaUnreachable)).toMatchObject({ status: 503, body: { code: 'unavailable' } });
  });

  it('keeps a database error that is not an outage a 500 (a unique violation the code did not expect is a bug)', () => {
    const duplicate = Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' });
    expect(mapError(duplicate)).toMatchObject({ status: 500, body: { code: 'internal_error' }, unexpected: true });
  });

  it('maps tsoa ValidateError fields to validation issues', () => {
    const mapped = mapError(
      new ValidateError({ 'body.url': { message: 'invalid string value', value: 'secret' } }, ''),
    );
    expect(mapped).toEqual({
      status: 400,
      body: {
        error: 'body.url: invalid string value',
        code: 'validation_failed',
        details: [{ path: 'body.url', message: 'invalid string value' }],
      },
      unexpected: false,
    });
  });

  it('maps thrown non-errors to 500', () => {
    expect(mapError('boom')).toMatchObject({ status: 500, unexpected: true });
    expect(mapError(undefined)).toMatchObject({ status: 500, unexpected: true });
  });
});
