import { ManagedProcess } from '../src';

// A service that logs one error every 100 ms through an outage pushes everything else out of the 60-line tail; the
// system test's failure report relies on warnings() to still show why the service became unready.
test('warnings() keeps the first line of each distinct warning and error, however many lines came after', async () => {
  const script = [
    `console.log(JSON.stringify({ level: 'info', msg: 'listening' }));`,
    `console.log(JSON.stringify({ level: 'warn', msg: 'event bus unhealthy', reason: 'a consumer has been down since it crashed' }));`,
    `for (let i = 0; i < 500; i++) console.log(JSON.stringify({ level: 'error', msg: 'claiming failed', attempt: i }));`,
    `console.log('plain text that is not JSON, "level":"warn" without a msg');`,
  ].join('\n');
  const proc = new ManagedProcess(process.execPath, ['-e', script], { deathSignal: 'SIGKILL' });
  // 'exit' can come before the last of the output was read: wait for the last line first.
  await proc.waitForLine(/plain text/, 10_000);
  expect(await proc.exited).toEqual({ code: 0, signal: null });
  const lines = proc
    .warnings()
    .split('\n')
    .map((line) => JSON.parse(line) as { msg: string; attempt?: number; reason?: string });
  expect(lines).toEqual([
    { level: 'warn', msg: 'event bus unhealthy', reason: 'a consumer has been down since it crashed' },
    { level: 'error', msg: 'claiming failed', attempt: 0 },
  ]);
  expect(proc.output()).not.toContain('event bus unhealthy');
});
