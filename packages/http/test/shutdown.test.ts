import { spawn } from 'node:child_process';
import path from 'node:path';
import { installShutdown } from '../src';
import { captureLogger } from './support/capture-logger';
import { waitFor } from '@waymark/testkit';

const RUN_TS = require.resolve('@waymark/runtime/run-ts');
const CHILD = path.join(__dirname, 'fixture', 'shutdown-child.ts');

/** Starts the child, waits for "ready", sends the signals, and collects its output and exit code. */
async function signalChild(signals: NodeJS.Signals[], args: string[] = []) {
  const child = spawn(process.execPath, [RUN_TS, CHILD, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  try {
    await waitFor(() => out.includes('ready\n'), {
      message: `the child to start (stderr: ${err})`,
      timeoutMs: 20_000,
      intervalMs: 10,
    });
  } catch (e) {
    child.kill('SIGKILL');
    throw e;
  }
  for (const signal of signals) child.kill(signal);
  const result = await exited;
  return { ...result, lines: out.trim().split('\n').slice(1), stderr: err };
}

describe('installShutdown', () => {
  it('on SIGTERM runs the steps in order, once, however many signals arrive, and exits 0', async () => {
    const result = await signalChild(['SIGTERM', 'SIGTERM', 'SIGINT']);
    expect(result).toMatchObject({ code: 0, signal: null, lines: ['step http', 'step consumers', 'step clients'] });
  }, 30_000);

  it('on SIGINT after a failing step still runs the rest, then exits 1', async () => {
    const result = await signalChild(['SIGINT'], ['fail']);
    expect(result).toMatchObject({ code: 1, lines: ['step http', 'step clients'] });
  }, 30_000);

  it('exits 1 when a step hangs past the timeout', async () => {
    const { logger, lines } = captureLogger();
    const codes: number[] = [];
    const handle = installShutdown(logger, [{ name: 'stuck', run: () => new Promise<void>(() => undefined) }], {
      signals: [],
      exit: (code) => void codes.push(code),
      timeoutMs: 100,
    });
    void handle.shutdown('test');
    await waitFor(() => codes.length > 0, { message: 'the timeout exit', timeoutMs: 5_000, intervalMs: 10 });
    expect(codes).toEqual([1]);
    expect(lines.some((l) => l.msg === 'shutdown timed out')).toBe(true);
  });

  it('runs once when called directly and by a signal', async () => {
    const { logger } = captureLogger();
    let runs = 0;
    const codes: number[] = [];
    const handle = installShutdown(logger, [{ name: 'count', run: () => void (runs += 1) }], {
      signals: [],
      exit: (code) => void codes.push(code),
    });
    await Promise.all([handle.shutdown('a'), handle.shutdown('b')]);
    expect({ runs, codes }).toEqual({ runs: 1, codes: [0] });
  });
});
