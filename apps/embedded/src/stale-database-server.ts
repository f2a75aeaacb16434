import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Logger } from '@waymark/logging';
import { judgeLockFile, parsePostgresLockFile } from './postgres-lock-file';
import { processAlive, processInfo } from './process-info';
import { StartupError } from './startup-error';

/** Beside the data: the pid of the runner that started the server last. */
const RUNNER_PID_FILE = 'runner.pid';

/**
 * Makes way for a new database server on `dataDir` after the runner died in any way (a hard kill, an out-of-memory
 * kill, a power cut): a server it left running (an orphan) is stopped, a lock file whose pid now belongs to another
 * process is removed. Refuses when the runner that started the server is still alive: two runners must not share
 * one data folder. Then records this runner's pid for the next start to judge by.
 */
export async function clearStaleDatabaseServer(dataDir: string, logger: Logger): Promise<void> {
  const runnerPidFile = join(dirname(dataDir), RUNNER_PID_FILE);
  const runnerPid = readPid(runnerPidFile);
  const lockFile = join(dataDir, 'postmaster.pid');
  const lock = existsSync(lockFile) ? parsePostgresLockFile(readFileSync(lockFile, 'utf8')) : undefined;
  const owner = lock && processAlive(lock.pid) ? processInfo(lock.pid) : undefined;
  const runnerAlive = runnerPid !== undefined && runnerPid !== process.pid && processAlive(runnerPid);
  const verdict = judgeLockFile(lock, dataDir, owner, runnerPid, runnerAlive);
  switch (verdict.kind) {
    case 'in-use':
      throw new StartupError(
        `another Waymark (pid ${verdict.runnerPid}) is running on the database in ${dataDir}`,
        'Stop that one first, or start this one with another WAYMARK_DATA_DIR.',
      );
    case 'orphan':
      logger.warn(
        { pid: verdict.pid, dataDir },
        'the database server of an earlier run is still running (its runner died); stopping it',
      );
      await stopServer(verdict.pid);
      break;
    case 'stale-lock-file':
      logger.warn(
        { pid: lock?.pid, dataDir },
        'removing a stale postmaster.pid: its pid now belongs to another process',
      );
      rmSync(lockFile, { force: true });
      break;
    case 'none':
      break;
  }
  writeFileSync(runnerPidFile, `${process.pid}\n`);
}

function readPid(file: string): number | undefined {
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').trim());
  return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
}

/**
 * PostgreSQL's fast shutdown (SIGINT: clients cut, a checkpoint written), then its immediate shutdown (SIGQUIT: crash
 * recovery at the next start, no data lost), then SIGKILL, each given its time. Resolves once the process is gone.
 */
async function stopServer(pid: number): Promise<void> {
  for (const [signal, waitMs] of [
    ['SIGINT', 30_000],
    ['SIGQUIT', 10_000],
    ['SIGKILL', 5_000],
  ] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      return;
    }
    if (await exited(pid, waitMs)) return;
  }
  throw new StartupError(
    `the database server of an earlier run (pid ${pid}) does not stop`,
    `Stop process ${pid} by hand, then start Waymark again.`,
  );
}

async function exited(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (processAlive(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}
