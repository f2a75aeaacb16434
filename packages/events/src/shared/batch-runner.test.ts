import { BatchAbandonedError } from './abortable';
import { runBatch } from './batch-runner';

const policy = { maxAttempts: 3, initialBackoffMs: 1, maxBackoffMs: 4 };
const notAnOutage = async () => false;

describe('running a batch with retries', () => {
  it('retries a failing batch, then each message alone, and returns only the poison ones', async () => {
    const calls: number[][] = [];
    const failed = await runBatch({
      messages: [1, 2, 3],
      policy,
      signal: new AbortController().signal,
      onAttemptFailed: () => undefined,
      isOutage: notAnOutage,
      handle: async (batch) => {
        calls.push(batch);
        if (batch.includes(2)) throw new Error('poison');
      },
    });
    expect(failed).toEqual([{ message: 2, error: 'Error: poison' }]);
    expect(calls).toEqual([[1, 2, 3], [1, 2, 3], [1, 2, 3], [1], [2], [2], [2], [3]]);
  });

  it('succeeds after a transient failure without isolating anything', async () => {
    let attempts = 0;
    const failed = await runBatch({
      messages: ['a', 'b'],
      policy,
      signal: new AbortController().signal,
      onAttemptFailed: () => undefined,
      isOutage: notAnOutage,
      handle: async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('blip');
      },
    });
    expect(failed).toEqual([]);
    expect(attempts).toBe(2);
  });

  it('retries through an outage longer than maxAttempts without isolating or failing anything', async () => {
    let outageLeft = 7;
    const calls: number[][] = [];
    const reported: Array<[number, boolean]> = [];
    const failed = await runBatch({
      messages: [1, 2],
      policy,
      signal: new AbortController().signal,
      isOutage: async () => true,
      onAttemptFailed: (_error, attempt, _size, outage) => reported.push([attempt, outage]),
      handle: async (batch) => {
        calls.push(batch);
        if (outageLeft > 0) {
          outageLeft -= 1;
          throw new Error('database unavailable');
        }
      },
    });
    expect(failed).toEqual([]);
    expect(calls).toHaveLength(8);
    expect(calls.every((batch) => batch.length === 2)).toBe(true);
    expect(reported).toEqual(Array.from({ length: 7 }, () => [0, true]));
  });

  it('counts only the failures that were not outages towards maxAttempts', async () => {
    const outages = [true, false, true, true, false, false];
    let calls = 0;
    const failed = await runBatch({
      messages: ['only'],
      policy,
      signal: new AbortController().signal,
      isOutage: async () => outages[calls - 1] ?? false,
      onAttemptFailed: () => undefined,
      handle: async () => {
        calls += 1;
        throw new Error(`failure ${calls}`);
      },
    });
    expect(failed).toEqual([{ message: 'only', error: 'Error: failure 6' }]);
    expect(calls).toBe(6);
  });

  it('gives up at once, uncommitted, when its subscription aborts mid-handle', async () => {
    const abort = new AbortController();
    const run = runBatch({
      messages: [1],
      policy,
      signal: abort.signal,
      onAttemptFailed: () => undefined,
      isOutage: notAnOutage,
      handle: () => new Promise<void>(() => undefined),
    });
    abort.abort();
    await expect(run).rejects.toBeInstanceOf(BatchAbandonedError);
  });
});
