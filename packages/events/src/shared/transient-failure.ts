/**
 * Telling an outage from a poison message. A handler that fails because its database, cache or broker is
 * unreachable would fail the same way for every message, so parking its batch would dead-letter valid events; such
 * failures are retried until the dependency is back instead. The shapes below are what the clients in this stack
 * raise (checked against real servers: pg, Prisma 7 on @prisma/adapter-pg, ioredis, kafkajs, Node's sockets).
 */

/** Throw this (or set `transient: true` on an error) from a handler to say "not this message's fault; retry". */
export class TransientFailureError extends Error {
  readonly transient = true;
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'TransientFailureError';
  }
}

/** Socket and DNS failures (Node system errors, also what pg and ioredis surface as `code`). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'ERR_SOCKET_CLOSED',
]);

/**
 * PostgreSQL SQLSTATEs of a server that is going away, starting up, overloaded, or asking for a retry:
 * class 08 (connection exception), class 53 (insufficient resources: too many connections, disk or memory full),
 * 57P01-57P03 (terminated by the administrator, crash shutdown, cannot connect now), 40001 and 40P01
 * (serialization failure, deadlock: retry the transaction), 55P03 (lock not available).
 */
function isTransientSqlState(code: string): boolean {
  return /^(08|53)[0-9A-Z]{3}$/.test(code) || ['57P01', '57P02', '57P03', '40001', '40P01', '55P03'].includes(code);
}

/** Prisma's own codes for an unreachable or overloaded database, a pool timeout and a write conflict. */
const PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024', 'P2034', 'P2037']);

/**
 * Prisma's P2028 (transaction API error) when the interactive transaction outlived its timeout or could not start
 * within its wait: a process or database too busy, and the transaction rolled back, so trying again is safe. Other
 * P2028s (a query on a transaction the code already finished) are bugs, which retrying would not cure.
 */
const PRISMA_TRANSACTION_TIMEOUT =
  /expired transaction|timeout for this transaction|Unable to start a transaction in the given time/i;

/** @prisma/driver-adapter-utils error kinds of the same situations. */
const DRIVER_ADAPTER_KINDS = new Set([
  'DatabaseNotReachable',
  'ConnectionClosed',
  'SocketTimeout',
  'TooManyConnections',
  'TransactionWriteConflict',
]);

const ERROR_NAMES = new Set([
  'PrismaClientInitializationError',
  'MaxRetriesPerRequestError', // ioredis: a command gave up while the connection was down
  'KafkaJSConnectionError',
  'KafkaJSConnectionClosedError',
  'KafkaJSRequestTimeoutError',
  'KafkaJSNumberOfRetriesExceeded',
  'KafkaJSBrokerNotFound',
]);

/** Messages of errors that carry neither a code nor a distinctive class (pg's pool, ioredis's closed connection). */
const MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error and is not queryable/i,
  /Server has closed the connection/i,
  /Can't reach database server/i,
  /^Connection is closed\.?$/,
  /Stream isn't writeable/i,
];

/** Whether `error`, or anything it wraps (cause, AggregateError members, Prisma's driver adapter error), is an outage. */
export function isTransientFailure(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length > 0) {
    const current = pending.pop();
    if (current === null || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    if (describesOutage(current as Record<string, unknown>)) return true;
    const { cause, errors, meta } = current as {
      cause?: unknown;
      errors?: unknown;
      meta?: { driverAdapterError?: unknown };
    };
    pending.push(cause, meta?.driverAdapterError);
    if (Array.isArray(errors)) pending.push(...errors);
  }
  return false;
}

function describesOutage(error: Record<string, unknown>): boolean {
  if (error.transient === true || error.retriable === true) return true;
  const { code, kind, name, message } = error;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || PRISMA_CODES.has(code) || isTransientSqlState(code)))
    return true;
  if (code === 'P2028' && typeof message === 'string' && PRISMA_TRANSACTION_TIMEOUT.test(message)) return true;
  if (typeof kind === 'string' && DRIVER_ADAPTER_KINDS.has(kind)) return true;
  if (typeof name === 'string' && ERROR_NAMES.has(name)) return true;
  return typeof message === 'string' && MESSAGES.some((pattern) => pattern.test(message));
}
