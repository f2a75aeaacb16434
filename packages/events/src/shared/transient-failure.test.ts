import { refusedConnectionError } from '@waymark/testkit';
import { isTransientFailure, TransientFailureError } from './transient-failure';

describe('telling an outage from a poison message', () => {
  it('treats socket failures as outages, also when wrapped as a cause or inside an AggregateError', async () => {
    const refused = await refusedConnectionError();
    expect(isTransientFailure(refused)).toBe(true);
    expect(isTransientFailure(new Error('could not store the batch', { cause: refused }))).toBe(true);
    expect(isTransientFailure(new AggregateError([refused], 'all addresses failed'))).toBe(true);
  });

  it('treats PostgreSQL shutting down, refusing connections or asking for a retry as outages, and data errors not', () => {
    const sqlState = (code: string) => Object.assign(new Error('server said no'), { code });
    for (const code of ['57P01', '57P03', '08006', '53300', '40001', '40P01'])
      expect(isTransientFailure(sqlState(code))).toBe(true);
    for (const code of ['23505', '22P02', '42P01', '42703']) expect(isTransientFailure(sqlState(code))).toBe(false);
  });

  it("recognises Prisma's driver-adapter report of a closed connection (as Prisma 7 on adapter-pg raises it)", () => {
    const prismaError = Object.assign(new Error('Raw query failed. Code: `N/A`. Message: `Server has gone away`'), {
      name: 'PrismaClientKnownRequestError',
      code: 'P2010',
      meta: { driverAdapterError: { name: 'DriverAdapterError', cause: { kind: 'ConnectionClosed' } } },
    });
    expect(isTransientFailure(prismaError)).toBe(true);
    const uniqueViolation = Object.assign(new Error('Unique constraint failed'), {
      name: 'PrismaClientKnownRequestError',
      code: 'P2002',
      meta: { driverAdapterError: { name: 'DriverAdapterError', cause: { kind: 'UniqueConstraintViolation' } } },
    });
    expect(isTransientFailure(uniqueViolation)).toBe(false);
  });

  it('honours an explicit TransientFailureError and retriable kafkajs errors, and nothing else by default', () => {
    expect(isTransientFailure(new TransientFailureError('cache warming up'))).toBe(true);
    expect(
      isTransientFailure(
        Object.assign(new Error('leader not available'), { name: 'KafkaJSProtocolError', retriable: true }),
      ),
    ).toBe(true);
    expect(isTransientFailure(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isTransientFailure(new Error('destination is not a valid URL'))).toBe(false);
    expect(isTransientFailure('a string')).toBe(false);
    expect(isTransientFailure(undefined)).toBe(false);
  });

  it('does not loop on an error that is its own cause', () => {
    const selfCaused = new Error('odd');
    (selfCaused as { cause?: unknown }).cause = selfCaused;
    expect(isTransientFailure(selfCaused)).toBe(false);
  });
});
