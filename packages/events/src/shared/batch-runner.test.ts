import { BatchAbandonedError } from './abortable';
import { runBatch } from './batch-runner';

const policy = { maxAttempts: 3, initialBackoffMs: 1, maxBackoffMs: 4 };

describe('running a batch with retries', () => {
  it('retries a failing batch, then each message alone, and returns only the poison ones', async () => {
    const calls: number[][] = [];
    const failed = await runBatch({
      messages: [1, 2, 3],
      policy,
      signal: new AbortController().signal,
      onAttemptFailed: () => undefined,
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
      handle: async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('blip');
      },
    });
    expect(failed).toEqual([]);
    expect(attempts).toBe(2);
  });

  it('gives up at once, uncommitted, when its subscription aborts mid-handle', async () => {
    const abort = new AbortController();
    const run = runBatch({
      messages: [1],
      policy,
      signal: abort.signal,
      onAttemptFailed: () => undefined,
      handle: () => new Promise<void>(() => undefined),
    });
    abort.abort();
    await expect(run).rejects.toBeInstanceOf(BatchAbandonedError);
  });
});
