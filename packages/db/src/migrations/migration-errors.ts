/** An applied migration's file changed on disk: the database no longer matches what the files describe. */
export class MigrationChecksumError extends Error {
  readonly code = 'migration_checksum_mismatch';
  constructor(
    readonly migrationName: string,
    readonly recorded: string,
    readonly onDisk: string,
  ) {
    super(
      `migration ${migrationName} was edited after it was applied (recorded checksum ${recorded}, file ${onDisk}); ` +
        'restore the file and add a new migration instead',
    );
  }
}

/** A migration Prisma (or an older runner) started and never finished; like Prisma's P3009, a human must resolve it. */
export class FailedMigrationError extends Error {
  readonly code = 'migration_failed_earlier';
  constructor(readonly migrationName: string) {
    super(
      `migration ${migrationName} is recorded as started but not finished; fix the database and mark it with ` +
        '`prisma migrate resolve` before starting again',
    );
  }
}

/** Applying a migration failed; its transaction was rolled back, so nothing of it is left behind. */
export class MigrationApplyError extends Error {
  readonly code = 'migration_apply_failed';
  constructor(
    readonly migrationName: string,
    cause: unknown,
  ) {
    super(`migration ${migrationName} failed and was rolled back: ${(cause as Error)?.message ?? String(cause)}`, {
      cause,
    });
  }
}
