import { context, ROOT_CONTEXT, type Context } from '@waymark/tracing';

/**
 * Merges batches handed in while a flush is running into the next flush, so that several partitions' batches
 * (consumed concurrently) share one statement and one commit instead of paying a round trip and a commit each. One
 * flush runs at a time (analytics-ingest measured two concurrent ones slower: smaller statements that wait on each
 * other's rows; it runs one coalescer per stripe instead). A caller's promise settles with the flush that carried its
 * items, so a consumer still commits its offsets only after its own items are stored, and a failed flush fails every
 * batch in it (each is redelivered or retried). A flush of one batch runs in that batch's trace context (its
 * statements join its trace); a flush of several runs in none, rather than in whichever batch started the drain.
 */
export class BatchCoalescer<T> {
  private pending: Array<{ items: T[]; context: Context; settle: (error?: unknown) => void }> = [];
  private running = false;

  constructor(
    private readonly flush: (items: T[]) => Promise<unknown>,
    /** A flush takes whole batches until it holds at least this many items. */
    private readonly maxItems: number,
  ) {}

  submit(items: T[]): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const settle = (error?: unknown) => (error === undefined ? resolve() : reject(error));
      this.pending.push({ items, context: context.active(), settle });
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
        const carrier = taken.length === 1 ? (taken[0] as (typeof taken)[number]).context : ROOT_CONTEXT;
        await context.with(carrier, () => this.flush(taken.flatMap((entry) => entry.items)));
        for (const entry of taken) entry.settle();
      } catch (error) {
        for (const entry of taken) entry.settle(error ?? new Error('flush failed'));
      }
    }
    this.running = false;
  }
}
