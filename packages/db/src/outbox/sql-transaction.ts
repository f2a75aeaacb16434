import type { PoolClient } from 'pg';

/**
 * The part of a transaction the outbox needs. A Prisma interactive transaction (`prisma.$transaction(async (tx) =>
 * ...)`) satisfies it as is; `pgTransaction` adapts a pg client inside BEGIN/COMMIT. Statements use `$n` parameters.
 */
export interface SqlTransaction {
  $executeRawUnsafe(query: string, ...values: unknown[]): PromiseLike<number>;
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): PromiseLike<T>;
}

export function pgTransaction(client: Pick<PoolClient, 'query'>): SqlTransaction {
  return {
    async $executeRawUnsafe(query, ...values) {
      const result = await client.query(query, values);
      return result.rowCount ?? 0;
    },
    async $queryRawUnsafe<T>(query: string, ...values: unknown[]) {
      const result = await client.query(query, values);
      return result.rows as T;
    },
  };
}
