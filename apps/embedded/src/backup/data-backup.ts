import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** A backup or restore refused (a running server, a folder not empty): the CLI prints it and exits 1. */
export class BackupRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupRefusedError';
  }
}

const POSTMASTER_PID = join('postgres', 'data', 'postmaster.pid');

/** The pid of the embedded PostgreSQL server if one runs on `root` (its postmaster.pid names a live process). */
export function runningServerPid(root: string): number | undefined {
  const file = join(root, POSTMASTER_PID);
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: the process exists but runs as another user (PostgreSQL's own when started as root).
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : undefined;
  }
}

function refuseWhileRunning(root: string, what: string): void {
  const pid = runningServerPid(root);
  if (pid !== undefined) {
    throw new BackupRefusedError(
      `${what} needs Waymark stopped: its database (pid ${pid}) runs on ${root}; stop \`npm start\` first`,
    );
  }
}

function tar(args: string[]): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn('tar', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolvePromise() : reject(new Error(`tar ${args[0]} failed (${code}): ${stderr.trim()}`)),
    );
  });
}

/**
 * Archives the whole data folder (PostgreSQL's data directory, the object store, secrets, state) into a gzipped tar.
 * Stop-the-world: only while Waymark is stopped, when PostgreSQL's files are at rest and consistent, so the copy is
 * exactly what the next start would find. The click spool and mail folders come along; they are small.
 */
export async function backupDataDir(root: string, file: string): Promise<void> {
  const dir = resolve(root);
  if (!existsSync(join(dir, 'postgres'))) {
    throw new BackupRefusedError(`${dir} holds no Waymark data (no postgres/ folder)`);
  }
  refuseWhileRunning(dir, 'a backup');
  mkdirSync(dirname(resolve(file)), { recursive: true });
  await tar(['-czf', resolve(file), '-C', dir, '.']);
}

/**
 * Unpacks a backup into `root`, which must be missing or empty (restoring over live data would mix two states);
 * owners and modes are kept, so PostgreSQL finds its data directory as it left it.
 */
export async function restoreDataDir(file: string, root: string): Promise<void> {
  const dir = resolve(root);
  if (!existsSync(resolve(file))) throw new BackupRefusedError(`no backup at ${resolve(file)}`);
  refuseWhileRunning(dir, 'a restore');
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    throw new BackupRefusedError(`${dir} is not empty: move it aside (or delete it) before restoring into it`);
  }
  mkdirSync(dir, { recursive: true });
  await tar(['-xzpf', resolve(file), '-C', dir]);
}
