import { resolve } from 'node:path';

/** What a PostgreSQL server writes to `postmaster.pid` in its data folder while it runs (and leaves after a crash). */
export interface PostgresLockFile {
  readonly pid: number;
  readonly dataDir: string;
  readonly port: number;
}

/**
 * Reads the lines of `postmaster.pid` the embedded runner relies on: the server's pid, its data folder and its port.
 * Returns undefined for a file that is not one (empty, cut short by a crash while it was written).
 */
export function parsePostgresLockFile(text: string): PostgresLockFile | undefined {
  const [pidLine, dataDir, , portLine] = text.split('\n');
  const pid = Number(pidLine?.trim());
  const port = Number(portLine?.trim());
  if (!Number.isSafeInteger(pid) || pid <= 0 || !dataDir) return undefined;
  return { pid, dataDir: dataDir.trim(), port: Number.isSafeInteger(port) ? port : 0 };
}

/** A live process, as far as the runner needs to know it to tell a server of its own from something else. */
export interface ProcessInfo {
  readonly parentPid: number;
  /** Its command line, arguments split. */
  readonly args: readonly string[];
}

export type StaleServerVerdict =
  /** No lock file, or one whose process is gone: PostgreSQL clears such a file itself on start. */
  | { kind: 'none' }
  /** The pid was taken by an unrelated process after the server died: the file must go, or PostgreSQL refuses. */
  | { kind: 'stale-lock-file' }
  /** Our server, still running while the runner that started it is gone: stop it before starting a new one. */
  | { kind: 'orphan'; pid: number }
  /** Our server, and the runner that started it is alive: another Waymark uses this data folder. */
  | { kind: 'in-use'; pid: number; runnerPid: number };

/**
 * Decides what a lock file left in `dataDir` means. `owner` describes the lock file's pid (undefined when no such
 * process lives); `runnerPid` is the pid the last runner on this data folder recorded (runner.pid), if any.
 */
export function judgeLockFile(
  lock: PostgresLockFile | undefined,
  dataDir: string,
  owner: ProcessInfo | undefined,
  runnerPid: number | undefined,
  runnerAlive: boolean,
): StaleServerVerdict {
  if (lock === undefined || owner === undefined) return { kind: 'none' };
  const dashD = owner.args.indexOf('-D');
  const served = dashD >= 0 ? owner.args[dashD + 1] : undefined;
  // The server wrote the lock file's folder line from its own -D, so a match there is ours whatever spelling
  // (relative, through a symlink) the runner now uses for the same folder.
  const ours = served !== undefined && [dataDir, lock.dataDir].some((dir) => resolve(dir) === resolve(served));
  if (!ours) return { kind: 'stale-lock-file' };
  if (runnerPid !== undefined && runnerAlive && owner.parentPid === runnerPid)
    return { kind: 'in-use', pid: lock.pid, runnerPid };
  return { kind: 'orphan', pid: lock.pid };
}
