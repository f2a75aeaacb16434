import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { waitFor } from '@waymark/testkit';

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..', '..');
// The http package's runner strips types with swc and maps @waymark/* to sources, as jest does.
const RUN_TS = require.resolve('@waymark/runtime/run-ts');
const MAIN = path.join(REPO_ROOT, 'services', 'notifier', 'src', 'main.ts');

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * The production entry point (main.ts) in its own process, so a test can kill it the hard way; `nodeFlags` go to
 * node before the entry (a benchmark's `--cpu-prof`).
 */
export async function spawnNotifier(
  env: Record<string, string>,
  options: { nodeFlags?: string[]; readyWithinMs?: number } = {},
): Promise<{ child: ChildProcess; output: () => string }> {
  const readyWithinMs = options.readyWithinMs ?? 30_000;
  let output = '';
  const started = Date.now();
  const child = spawn(process.execPath, [...(options.nodeFlags ?? []), RUN_TS, MAIN], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  await waitFor(
    async () => {
      // A second short of the deadline, so the failure carries what the process printed.
      if (Date.now() - started > readyWithinMs - 1000)
        throw new Error(`not ready; output so far: ${output.slice(-3000)}`);
      if (child.exitCode !== null) throw new Error(`notifier exited with ${child.exitCode}: ${output}`);
      return (await fetch(`http://127.0.0.1:${env.PORT}/readyz`).catch(() => undefined))?.status === 200;
    },
    { timeoutMs: readyWithinMs, message: 'the notifier process to be ready' },
  );
  return { child, output: () => output };
}

export async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}
