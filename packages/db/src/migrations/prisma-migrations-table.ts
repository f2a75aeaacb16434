/**
 * Prisma's migration history table, column for column as Prisma's schema engine creates it on PostgreSQL, so that
 * `prisma migrate deploy` / `migrate status` (where the engine exists) read our runner's rows as its own.
 */
export const PRISMA_MIGRATIONS_TABLE_SQL = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

/** The advisory lock key Prisma Migrate takes; using the same one serialises us with `prisma migrate deploy` too. */
export const PRISMA_MIGRATE_LOCK_KEY = 72707369;

export interface AppliedMigrationRow {
  id: string;
  checksum: string;
  migration_name: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
  logs: string | null;
}
