import type { PoolConfig } from 'pg';
import { parseSchemaName } from './schema-name';

export interface DatabaseTarget {
  databaseUrl: string;
  /** The service's own Postgres schema; every connection resolves unqualified names in it. */
  schema: string;
}

/**
 * pg pool settings for one service. `search_path` is set per connection (startup option), so raw SQL such as the
 * outbox statements resolves unqualified table names in the service's schema, exactly as Prisma's queries do.
 */
export function poolConfig(target: DatabaseTarget, max?: number): PoolConfig {
  const schema = parseSchemaName(target.schema);
  return {
    connectionString: target.databaseUrl,
    options: `-c search_path=${schema}`,
    ...(max === undefined ? {} : { max }),
  };
}
