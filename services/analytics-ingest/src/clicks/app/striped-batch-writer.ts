import { BatchCoalescer } from '@waymark/events';
import { LingerGate } from './linger-gate';

/**
 * Splits every submitted batch into stripes (a stripe of an item is `stripeOf(item) % stripes`) and writes each
 * stripe through its own BatchCoalescer, so up to `stripes` statements run at once. Why: one statement keeps one
 * PostgreSQL backend, so one core, busy; statements of different stripes touch disjoint rows (the caller stripes by
 * link, and tenant rollup rows carry the stripe), so they never wait on each other's row locks. A batch settles once
 * every stripe that got a part of it was written; if one part fails, the batch fails and is retried or redelivered
 * whole (the write is idempotent by eventId, so the parts that were stored are not counted twice).
 * With `lingerMs`, a stripe holds its parts until it has `maxItems` or its oldest part waited that long (LingerGate).
 */
export class StripedBatchWriter<T> {
  private readonly lanes: LingerGate<T>[];

  constructor(
    stripes: number,
    private readonly stripeOf: (item: T) => number,
    flush: (stripe: number, items: T[]) => Promise<unknown>,
    maxItems: number,
    lingerMs = 0,
  ) {
    this.lanes = Array.from({ length: stripes }, (_, stripe) => {
      const coalescer = new BatchCoalescer<T>((items) => flush(stripe, items), maxItems);
      return new LingerGate<T>((items) => coalescer.submit(items), maxItems, lingerMs);
    });
  }

  async submit(items: T[]): Promise<void> {
    const parts = new Map<number, T[]>();
    for (const item of items) {
      const stripe = this.stripeOf(item) % this.lanes.length;
      const part = parts.get(stripe);
      if (part) part.push(item);
      else parts.set(stripe, [item]);
    }
    await Promise.all([...parts].map(([stripe, part]) => (this.lanes[stripe] as LingerGate<T>).submit(part)));
  }
}
