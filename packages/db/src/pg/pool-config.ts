import type { PoolConfig } from 'pg';
import { parseSchemaName } from './schema-name';

export interface DatabaseTarget {
  databaseUrl: string;
  /** The service's own Postgres schema; every connection resolves unqualified names in it. */
  schema: string;
}

/**
 * How long a query waits for a connection (a new one, or a free one from a full pool) before failing. Without it,
 * a database that stops answering (a dropped route, a firewall) hangs every request and handler instead of failing
 * them: the pool would wait forever. The failure is an outage to the event consumers (see @waymark/events).
 */
export const CONNECT_TIMEOUT_MS = 5_000;
/** TCP keepalive on every connection, so a connection to a host that vanished is noticed, not kept forever. */
export const KEEPALIVE_INITIAL_DELAY_MS = 10_000;

/**
 * pg pool settings for one service. `search_path` is set per connection (startup option), so raw SQL such as the
 * outbox statements resolves unqualified table names in the service's schema, exactly as Prisma's queries do.
 */
export function poolConfig(target: DatabaseTarget, max?: number): PoolConfig {
  const schema = parseSchemaName(target.schema);
  return {
    connectionString: target.databaseUrl,
    options: `-c search_path=${schema}`,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_INITIAL_DELAY_MS,
    ...(max === undefined ? {} : { max }),
  };
}
