/**
 * Merges batches handed in while a flush is running into the next flush, so that several partitions' batches
 * (consumed concurrently) share one statement and one commit instead of paying ~one fsync each. One flush runs at
 * a time (two concurrent ones measured slower: smaller statements that wait on each other's rollup rows); a caller's promise settles with the flush that carried its items, so a consumer still commits its offsets
 * only after its own events are stored, and a failed flush fails every batch in it (each is redelivered or retried).
 */
export class BatchCoalescer<T> {
  private pending: Array<{ items: T[]; settle: (error?: unknown) => void }> = [];
  private running = false;

  constructor(
    private readonly flush: (items: T[]) => Promise<unknown>,
    /** A flush takes whole batches until it holds at least this many items. */
    private readonly maxItems: number,
  ) {}

  submit(items: T[]): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.pending.push({ items, settle: (error) => (error === undefined ? resolve() : reject(error)) });
      if (!this.running) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    while (this.pending.length > 0) {
      const taken: typeof this.pending = [];
      let count = 0;
      while (this.pending.length > 0 && count < this.maxItems) {
        const next = this.pending.shift() as (typeof this.pending)[number];
        taken.push(next);
        count += next.items.length;
      }
      try {
        await this.flush(taken.flatMap((entry) => entry.items));
        for (const entry of taken) entry.settle();
      } catch (error) {
        for (const entry of taken) entry.settle(error ?? new Error('flush failed'));
      }
    }
    this.running = false;
  }
}
