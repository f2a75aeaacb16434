import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Kills the database server a test's embedded runner left behind in `dataDir` (a runner killed with SIGKILL does not
 * stop it), so a failing test leaves no server running on the machine. Nothing to do when the runner stopped it.
 */
export function killLeftoverDatabase(dataDir: string): void {
  const lockFile = join(dataDir, 'postgres', 'data', 'postmaster.pid');
  if (!existsSync(lockFile)) return;
  const pid = Number(readFileSync(lockFile, 'utf8').split('\n')[0]);
  try {
    if (pid > 0) process.kill(pid, 'SIGKILL');
  } catch {
    // Gone already.
  }
}
