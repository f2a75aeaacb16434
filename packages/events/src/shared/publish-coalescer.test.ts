import { PublishCoalescer } from './publish-coalescer';

describe('coalescing publish calls', () => {
  it('sends calls made within the linger window as one batch, in call order', async () => {
    const sends: number[][] = [];
    const coalescer = new PublishCoalescer<number>(async (items) => void sends.push(items), {
      lingerMs: 5,
      maxItems: 100,
    });
    await Promise.all([coalescer.add([1, 2]), coalescer.add([3]), coalescer.add([4, 5])]);
    expect(sends).toEqual([[1, 2, 3, 4, 5]]);
  });

  it('sends at once when maxItems is reached, and keeps batches in order', async () => {
    const sends: number[][] = [];
    const coalescer = new PublishCoalescer<number>(async (items) => void sends.push(items), {
      lingerMs: 1000,
      maxItems: 2,
    });
    await Promise.all([coalescer.add([1, 2]), coalescer.add([3, 4])]);
    expect(sends).toEqual([
      [1, 2],
      [3, 4],
    ]);
  });

  it('rejects every caller whose items were in a failed send, and only those', async () => {
    let first = true;
    const coalescer = new PublishCoalescer<number>(
      async () => {
        if (first) {
          first = false;
          throw new Error('broker down');
        }
      },
      { lingerMs: 1, maxItems: 100 },
    );
    const failedCalls = [coalescer.add([1]), coalescer.add([2])];
    await expect(Promise.all(failedCalls)).rejects.toThrow('broker down');
    await expect(coalescer.add([3])).resolves.toBeUndefined();
  });
});
