import { spawn } from 'node:child_process';
import path from 'node:path';
import { waitFor } from '@waymark/testkit';

const RUN_TS = require.resolve('@waymark/runtime/run-ts');
const CHILD = path.join(__dirname, 'fixture', 'service-main-child.ts');

async function runChild(mode: string, signal?: NodeJS.Signals, env: NodeJS.ProcessEnv = {}, readyLine = 'ready\n') {
  const child = spawn(process.execPath, [RUN_TS, CHILD, mode], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  if (signal) {
    try {
      await waitFor(() => out.includes(readyLine), {
        message: `the child to start (stderr: ${err})`,
        timeoutMs: 30_000,
      });
    } catch (e) {
      child.kill('SIGKILL');
      throw e;
    }
    child.kill(signal);
  }
  const code = await exited;
  const lines = out.trim().split('\n');
  const printed = lines.filter((line) => !line.startsWith('{'));
  const steps = lines
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { msg: string; step?: string })
    .filter((entry) => entry.msg === 'shutdown step done')
    .map((entry) => entry.step);
  return { code, printed, steps, stderr: err, out };
}

describe('runServiceMain', () => {
  it('on SIGTERM stops the service, then what it registered, then the bus and Redis, and exits 0', async () => {
    const result = await runChild('ok', 'SIGTERM');
    expect(result).toMatchObject({
      code: 0,
      printed: ['ready', 'stopped service', 'closed registered'],
      steps: ['service', 'registered', 'events', 'redis'],
    });
  }, 60_000);

  it('exits 2 with the message alone on a bad setting', async () => {
    const result = await runChild('bad-config');
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('Invalid main-child configuration: KAFKA_BROKERS: required\n');
  }, 30_000);

  it('exits 2 naming the variable on a bad tracing endpoint', async () => {
    const result = await runChild('ok', undefined, { OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^Invalid configuration for main-child: 1 bad variable/);
    expect(result.stderr).toContain('OTEL_EXPORTER_OTLP_ENDPOINT: must use one of the protocols: http, https');
  }, 30_000);

  it('exits 1 naming the service when it fails to start', async () => {
    const result = await runChild('broken');
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^main-child failed to start: Error: no database/);
  }, 60_000);

  it('once started, logs an error that escapes a request and keeps serving', async () => {
    const result = await runChild('escapes', 'SIGTERM', {}, 'still serving\n');
    expect(result.code).toBe(0);
    const escaped = result.out
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: number; msg: string; err?: { message: string } })
      .filter((entry) => entry.msg === 'an error escaped its request; the process keeps serving')
      .map((entry) => entry.err?.message);
    expect(escaped).toEqual(['thrown in a request handler', 'rejected in a request handler']);
    expect(result.printed).toEqual(['ready', 'still serving', 'stopped service', 'closed registered']);
  }, 60_000);

  it('still stops with the cause when an error escapes during start-up', async () => {
    const result = await runChild('escapes-at-start');
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('lost while starting');
  }, 60_000);
});
