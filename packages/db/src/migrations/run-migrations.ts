import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import type { Logger } from '@waymark/logging';
import { poolConfig } from '../pg/pool-config';
import { parseSchemaName, quoteIdent } from '../pg/schema-name';
import { FailedMigrationError, MigrationApplyError, MigrationChecksumError } from './migration-errors';
import { readMigrationFiles, type MigrationFile } from './migration-files';
import {
  PRISMA_MIGRATE_LOCK_KEY,
  PRISMA_MIGRATIONS_TABLE_SQL,
  type AppliedMigrationRow,
} from './prisma-migrations-table';
import type { SharedDdl } from './shared-ddl';

export interface RunMigrationsOptions {
  databaseUrl: string;
  /** The service's schema: created when missing; its `_prisma_migrations` holds the history. */
  schema: string;
  /** `prisma/migrations` of the service (Prisma's folder layout). */
  migrationsDir: string;
  /** Package-owned tables (`OUTBOX_DDL`, `IDEMPOTENCY_KEY_DDL`), applied in this order before the migrations. */
  sharedDdl?: readonly SharedDdl[];
  logger?: Pick<Logger, 'info' | 'warn'>;
}

export interface MigrationsResult {
  applied: string[];
  alreadyApplied: string[];
}

/**
 * Applies pending migrations at start-up and records them in `<schema>._prisma_migrations` the way Prisma does.
 * Instances starting together serialise on Prisma Migrate's own advisory lock. Each migration runs in one
 * transaction together with its history row (Prisma records a failed row instead; here a failure leaves nothing),
 * so `CREATE INDEX CONCURRENTLY` and other non-transactional statements are not supported.
 */
export async function runMigrations(options: RunMigrationsOptions): Promise<MigrationsResult> {
  const schema = parseSchemaName(options.schema);
  const files = await readMigrationFiles(options.migrationsDir);
  const client = new Client(poolConfig({ databaseUrl: options.databaseUrl, schema }));
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [PRISMA_MIGRATE_LOCK_KEY]);
    try {
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(schema)}`);
      await client.query(PRISMA_MIGRATIONS_TABLE_SQL);
      const applied = await appliedMigrations(client);
      verifyHistory(files, applied, options.logger);
      for (const ddl of options.sharedDdl ?? []) await applySharedDdl(client, ddl);
      const pending = files.filter((file) => !applied.has(file.name));
      for (const file of pending) {
        await applyMigration(client, file);
        options.logger?.info({ migration: file.name, schema }, 'migration applied');
      }
      return {
        applied: pending.map((f) => f.name),
        alreadyApplied: files.filter((f) => applied.has(f.name)).map((f) => f.name),
      };
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [PRISMA_MIGRATE_LOCK_KEY]);
    }
  } finally {
    await client.end();
  }
}

async function appliedMigrations(client: Client): Promise<Map<string, AppliedMigrationRow>> {
  // Rolled-back rows are history only: Prisma applies such a migration again.
  const { rows } = await client.query<AppliedMigrationRow>(
    `SELECT id, checksum, migration_name, finished_at, rolled_back_at, logs
       FROM "_prisma_migrations" WHERE rolled_back_at IS NULL ORDER BY started_at`,
  );
  return new Map(rows.map((row) => [row.migration_name, row]));
}

function verifyHistory(
  files: MigrationFile[],
  applied: Map<string, AppliedMigrationRow>,
  logger: RunMigrationsOptions['logger'],
): void {
  const byName = new Map(files.map((file) => [file.name, file]));
  for (const row of applied.values()) {
    if (row.finished_at === null) throw new FailedMigrationError(row.migration_name);
    const file = byName.get(row.migration_name);
    if (!file) {
      logger?.warn({ migration: row.migration_name }, 'applied migration is missing from the migrations folder');
      continue;
    }
    if (!file.acceptedChecksums.includes(row.checksum)) {
      throw new MigrationChecksumError(row.migration_name, row.checksum, file.checksum);
    }
  }
}

async function applySharedDdl(client: Client, ddl: SharedDdl): Promise<void> {
  await client.query('BEGIN');
  try {
    await client.query(ddl.sql);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw new MigrationApplyError(ddl.name, error);
  }
}

async function applyMigration(client: Client, file: MigrationFile): Promise<void> {
  const id = randomUUID();
  await client.query('BEGIN');
  try {
    await client.query(
      `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count)
       VALUES ($1, $2, $3, clock_timestamp(), 0)`,
      [id, file.checksum, file.name],
    );
    // No parameters: pg uses the simple query protocol, which runs a multi-statement script.
    await client.query(file.sql);
    await client.query(
      `UPDATE "_prisma_migrations" SET finished_at = clock_timestamp(), applied_steps_count = 1 WHERE id = $1`,
      [id],
    );
    await client.query('COMMIT');
  } catch (error) {
    // The apply error is the one worth reporting; a failed ROLLBACK means the connection is gone anyway.
    await client.query('ROLLBACK').catch(() => undefined);
    throw new MigrationApplyError(file.name, error);
  }
}
