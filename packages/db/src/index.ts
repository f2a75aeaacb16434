export { createPrismaClient, type PrismaClientClass, type PrismaClientOptions } from './prisma-client.factory';
export { poolConfig, type DatabaseTarget } from './pg/pool-config';
export { parseSchemaName, quoteIdent, schemaNameSchema } from './pg/schema-name';
export { columnOf, pickFields, selectAs, type Covers } from './pg/field-columns';
export { PgListener, type PgListenerOptions } from './pg/pg-listener';
export { runMigrations, type MigrationsResult, type RunMigrationsOptions } from './migrations/run-migrations';
export type { SharedDdl } from './migrations/shared-ddl';
export { RELEASED_CHECKSUMS_FILE } from './migrations/migration-files';
export { findMigrationsDir } from './migrations/find-migrations-dir';
export { readMigrationFiles, sha256Hex, type MigrationFile } from './migrations/migration-files';
export { FailedMigrationError, MigrationApplyError, MigrationChecksumError } from './migrations/migration-errors';
export { PRISMA_MIGRATE_LOCK_KEY, PRISMA_MIGRATIONS_TABLE_SQL } from './migrations/prisma-migrations-table';
export { OUTBOX_DDL, outboxChannel } from './outbox/outbox-sql';
export { pgTransaction, type SqlTransaction } from './outbox/sql-transaction';
export { enqueue, type EnqueueMessage, type EnqueuedEvent } from './outbox/enqueue';
export { processOnce, pruneProcessedEvents, type ProcessOnceResult } from './outbox/process-once';
export { OutboxRelay, type OutboxRelayOptions } from './outbox/outbox-relay';
export { awaitPublished, type AwaitPublished } from './outbox/published-writes';
export {
  registerOutboxMetrics,
  OUTBOX_AGE_METRIC,
  OUTBOX_PENDING_METRIC,
  OUTBOX_PUBLISHED_METRIC,
} from './outbox/outbox-metrics';
