import { settled } from '@waymark/testkit';
import { StripedBatchWriter } from './striped-batch-writer';

/** Flushes the test finishes by hand, recorded per stripe. */
function controlledFlushes() {
  const calls: Array<{ stripe: number; items: number[]; finish: (error?: Error) => void }> = [];
  const flush = (stripe: number, items: number[]) =>
    new Promise<void>((resolve, reject) =>
      calls.push({ stripe, items, finish: (error) => (error ? reject(error) : resolve()) }),
    );
  return { calls, flush };
}

describe('StripedBatchWriter', () => {
  it('writes each stripe of a batch in its own flush, all stripes at once', async () => {
    const { calls, flush } = controlledFlushes();
    const writer = new StripedBatchWriter<number>(2, (n) => n, flush, 100);
    const batch = writer.submit([1, 2, 3, 4, 5]);
    expect(calls.map(({ stripe, items }) => ({ stripe, items })).sort((a, b) => a.stripe - b.stripe)).toEqual([
      { stripe: 0, items: [2, 4] },
      { stripe: 1, items: [1, 3, 5] },
    ]);
    calls[0]?.finish();
    expect(await settled(batch)).toBe('pending');
    calls[1]?.finish();
    expect(await settled(batch)).toBe('resolved');
  });

  it('fails the whole batch when one stripe fails, and keeps writing the others', async () => {
    const { calls, flush } = controlledFlushes();
    const writer = new StripedBatchWriter<number>(2, (n) => n, flush, 100);
    const batch = writer.submit([1, 2]);
    calls.find((call) => call.stripe === 1)?.finish(new Error('deadlock detected'));
    await expect(batch).rejects.toThrow('deadlock detected');
    calls.find((call) => call.stripe === 0)?.finish();
    await new Promise((resolve) => setImmediate(resolve));
    const next = writer.submit([4]);
    expect(calls).toHaveLength(3);
    expect(calls.at(-1)).toMatchObject({ stripe: 0, items: [4] });
    calls.at(-1)?.finish();
    await expect(next).resolves.toBeUndefined();
  });

  it('only flushes the stripes a batch has items for', async () => {
    const { calls, flush } = controlledFlushes();
    const writer = new StripedBatchWriter<number>(4, (n) => n, flush, 100);
    const batch = writer.submit([6, 10]);
    expect(calls.map(({ stripe, items }) => ({ stripe, items }))).toEqual([{ stripe: 2, items: [6, 10] }]);
    calls[0]?.finish();
    await expect(batch).resolves.toBeUndefined();
  });
});
