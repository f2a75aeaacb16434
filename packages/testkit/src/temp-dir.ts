import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PREFIX = 'waymark-testkit-';

/**
 * A private temp directory whose name carries the owning process id, so a later run can
 * remove what an interrupted run left behind (its processes died with it; its files did not).
 */
export function createTempDir(label: string): string {
  sweepStaleTempDirs();
  return mkdtempSync(join(tmpdir(), `${PREFIX}${process.pid}-${label}-`));
}

export function removeTempDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function sweepStaleTempDirs(): void {
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(PREFIX)) continue;
    const pid = Number(name.slice(PREFIX.length).split('-')[0]);
    if (Number.isInteger(pid) && pid > 0 && !isAlive(pid)) removeTempDir(join(tmpdir(), name));
  }
}
