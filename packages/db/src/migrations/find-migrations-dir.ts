import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * A service's `prisma/migrations` folder, found from the directory of its service module: beside `src/` when it runs
 * from sources (tests), or two levels up from `dist/src/` when it runs compiled. Fails loudly when neither exists.
 */
export function findMigrationsDir(moduleDir: string, service: string): string {
  const candidates = [
    path.resolve(moduleDir, '..', 'prisma', 'migrations'),
    path.resolve(moduleDir, '..', '..', 'prisma', 'migrations'),
  ];
  const found = candidates.find((dir) => existsSync(dir));
  if (!found) throw new Error(`${service} migrations not found (looked in ${candidates.join(', ')})`);
  return found;
}
