import { settled } from '@waymark/testkit';
import { BatchCoalescer } from './batch-coalescer';

/** A flush the test finishes by hand, to see what the coalescer hands over while one is running. */
function controlledFlush() {
  const calls: Array<{ items: number[]; finish: (error?: Error) => void }> = [];
  const flush = (items: number[]) =>
    new Promise<void>((resolve, reject) =>
      calls.push({ items, finish: (error) => (error ? reject(error) : resolve()) }),
    );
  return { calls, flush };
}

describe('BatchCoalescer', () => {
  it('merges batches submitted during a flush into the next one and settles each with its own flush', async () => {
    const { calls, flush } = controlledFlush();
    const coalescer = new BatchCoalescer<number>(flush, 100);
    const a = coalescer.submit([1]);
    const b = coalescer.submit([2, 3]);
    const c = coalescer.submit([4]);
    expect(calls.map((call) => call.items)).toEqual([[1]]);
    calls[0]?.finish();
    await a;
    expect(await settled(b)).toBe('pending');
    expect(calls.map((call) => call.items)).toEqual([[1], [2, 3, 4]]);
    calls[1]?.finish();
    await Promise.all([b, c]);
  });

  it('fails every batch of a failed flush and goes on with the next ones', async () => {
    const { calls, flush } = controlledFlush();
    const coalescer = new BatchCoalescer<number>(flush, 100);
    const a = coalescer.submit([1]);
    const b = coalescer.submit([2]);
    const c = coalescer.submit([3]);
    calls[0]?.finish();
    await a;
    calls[1]?.finish(new Error('statement failed'));
    await expect(b).rejects.toThrow('statement failed');
    await expect(c).rejects.toThrow('statement failed');
    const d = coalescer.submit([4]);
    expect(calls[2]?.items).toEqual([4]);
    calls[2]?.finish();
    await d;
  });

  it('stops taking whole batches once a flush holds maxItems', async () => {
    const { calls, flush } = controlledFlush();
    const coalescer = new BatchCoalescer<number>(flush, 3);
    const first = coalescer.submit([0]);
    const rest = [coalescer.submit([1, 2]), coalescer.submit([3, 4]), coalescer.submit([5])];
    calls[0]?.finish();
    await first;
    expect(calls[1]?.items).toEqual([1, 2, 3, 4]);
    calls[1]?.finish();
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls[2]?.items).toEqual([5]);
    calls[2]?.finish();
    await Promise.all(rest);
  });
});
