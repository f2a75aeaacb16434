import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { embeddedRunnerEnv, ManagedProcess, type EmbeddedPorts } from '@waymark/testkit';
import { killLeftoverDatabase } from './support/leftover-database';

// `npm start` runs the compiled runner; the test command builds before jest, so this is what a user starts.
const MAIN = resolve(__dirname, '..', 'dist', 'main.js');

jest.setTimeout(180_000);

/**
 * The database server's own user: started as root, the runner runs it as `postgres`. PostgreSQL takes a pid it may not
 * signal (EPERM) for a dead one, so only a process of its own user makes the stale file refuse a start.
 */
function databaseUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const [, , uid, gid] =
    readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .find((entry) => entry.startsWith('postgres:'))
      ?.split(':') ?? [];
  return { uid: Number(uid), gid: Number(gid) };
}

describe('npm start with a stale postmaster.pid whose pid another process now has', () => {
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  let ports: EmbeddedPorts;
  const processes: ManagedProcess[] = [];

  beforeAll(async () => {
    if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run "npm run build" first`);
    dataDir = mkdtempSync(join(tmpdir(), 'waymark-stale-lock-'));
    ({ ports, env } = await embeddedRunnerEnv(dataDir));
  });

  afterAll(async () => {
    for (const proc of processes) await proc.stop('SIGTERM', 30_000);
    killLeftoverDatabase(dataDir);
    rmSync(dataDir, { recursive: true, force: true });
  });

  const start = async () => {
    const proc = new ManagedProcess(process.execPath, [MAIN], { deathSignal: 'SIGKILL', env });
    processes.push(proc);
    await proc.waitForLine(/Waymark is running/, 120_000);
    return proc;
  };

  it('removes the lock file and starts, where PostgreSQL alone would refuse', async () => {
    await (await start()).stop('SIGTERM', 30_000);
    // After a power cut or a container restart the pid in the file may belong to anything, here a `sleep`.
    const stranger = new ManagedProcess('sleep', ['300'], { deathSignal: 'SIGKILL', runAs: databaseUser() });
    processes.push(stranger);
    const data = join(dataDir, 'postgres', 'data');
    writeFileSync(
      join(data, 'postmaster.pid'),
      `${stranger.pid}\n${data}\n1764300000\n${ports.POSTGRES}\n/tmp\nlocalhost\n  ${ports.POSTGRES}001    32768\nready   \n`,
    );
    await start();
    expect((await fetch(`http://127.0.0.1:${ports.LINK_API}/readyz`)).status).toBe(200);
  });
});
