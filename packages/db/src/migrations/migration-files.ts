import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface MigrationFile {
  /** Folder name, `<timestamp>_<name>`: Prisma's `migration_name`. */
  name: string;
  sql: string;
  /** sha256 hex of migration.sql as stored on disk, as Prisma computes it. */
  checksum: string;
  /**
   * Checksums also accepted for an applied migration: the same script with LF or CRLF line endings (a checkout on
   * another OS must not look like an edited migration), and those listed in `released.sha256` beside it.
   */
  acceptedChecksums: readonly string[];
}

const MIGRATION_FOLDER = /^\d{14}_[A-Za-z0-9_]+$/;

export function sha256Hex(content: string | Buffer): string {
  return createHash('sha256').update(content).digest('hex');
}

/** Reads `<dir>/<timestamp>_<name>/migration.sql` in name order, as `prisma migrate deploy` does. */
export async function readMigrationFiles(migrationsDir: string): Promise<MigrationFile[]> {
  const entries = await readdir(migrationsDir, { withFileTypes: true });
  const names = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const bad = names.filter((name) => !MIGRATION_FOLDER.test(name));
  if (bad.length > 0) {
    throw new Error(
      `migration folders must be named <14-digit timestamp>_<name>: ${bad.join(', ')} in ${migrationsDir}`,
    );
  }
  return Promise.all(names.map((name) => readMigration(migrationsDir, name)));
}

async function readMigration(migrationsDir: string, name: string): Promise<MigrationFile> {
  const raw = await readFile(join(migrationsDir, name, 'migration.sql'));
  const sql = raw.toString('utf8');
  const lf = sql.replace(/\r\n/g, '\n');
  const crlf = lf.replace(/\n/g, '\r\n');
  const released = await releasedChecksums(join(migrationsDir, name, RELEASED_CHECKSUMS_FILE));
  return {
    name,
    sql,
    checksum: sha256Hex(raw),
    acceptedChecksums: [sha256Hex(raw), sha256Hex(lf), sha256Hex(crlf), ...released],
  };
}

/**
 * `released.sha256` beside a migration.sql whose DDL moved to a package (see `SharedDdl`): the checksums, one per
 * line in `sha256sum` format, of the versions databases may have applied. Such a database stays valid; a missing
 * file means none.
 */
export const RELEASED_CHECKSUMS_FILE = 'released.sha256';

async function releasedChecksums(file: string): Promise<string[]> {
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return '';
    throw error;
  });
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const hex = line.split(/\s+/)[0]!;
      if (!/^[0-9a-f]{64}$/.test(hex)) throw new Error(`${file}: not a sha256 checksum: ${line}`);
      return hex;
    });
}
