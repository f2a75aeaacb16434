import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/**
 * Finds an executable on PATH or fails with the command that installs it: a missing
 * piece of infrastructure must stop the run loudly, never skip a suite.
 */
export function findBinary(name: string, installHint: string): string {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this directory; keep looking
    }
  }
  throw new Error(`${name} was not found on PATH; install it with: ${installHint}`);
}
