import { createLogger } from '@waymark/logging';
import { PeriodicTask } from './periodic-task';

const logger = createLogger({ service: 'notifier-test', level: 'silent' });

async function until(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('PeriodicTask', () => {
  it('runs at start, then again after each interval, and keeps going after a failed run', async () => {
    let runs = 0;
    const task = new PeriodicTask({
      name: 'test task',
      intervalMs: 20,
      logger,
      run: async () => {
        runs += 1;
        if (runs === 2) throw new Error('database away');
        return runs;
      },
    });
    task.start();
    await until(() => runs >= 4, 5_000);
    await task.stop();
    const stoppedAt = runs;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(runs).toBe(stoppedAt);
  });

  it('shares a run in progress, and stop() waits for it', async () => {
    let release: () => void = () => undefined;
    let runs = 0;
    let finished = false;
    const task = new PeriodicTask({
      name: 'test task',
      intervalMs: 60_000,
      logger,
      run: async () => {
        runs += 1;
        await new Promise<void>((resolve) => (release = resolve));
        finished = true;
        return runs;
      },
    });
    const first = task.runNow();
    const second = task.runNow();
    expect(second).toBe(first);
    const stopping = task.stop();
    release();
    await stopping;
    expect(finished).toBe(true);
    expect(await first).toBe(1);
  });
});
