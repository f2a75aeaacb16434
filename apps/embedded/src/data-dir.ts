import { chmodSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * Everything the embedded mode keeps between runs lives under one folder: `WAYMARK_DATA_DIR`, or `.waymark/` in the
 * working directory (gitignored), so a restart finds its database, objects, mail and operator token again.
 */
export function dataDir(env: NodeJS.ProcessEnv = process.env): string {
  const dir = resolve(env.WAYMARK_DATA_DIR ?? '.waymark');
  mkdirSync(dir, { recursive: true });
  // Traversable but not listable: when started as root, PostgreSQL runs as its own user and must reach its data dir.
  chmodSync(dir, 0o711);
  return dir;
}

/** A folder under the data dir; `traversable` lets another user (the database server's) pass through it. */
export function subDir(root: string, name: string, traversable = false): string {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, traversable ? 0o711 : 0o700);
  return dir;
}
