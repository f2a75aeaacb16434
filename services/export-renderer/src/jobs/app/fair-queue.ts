/**
 * Tasks waiting for a render thread, one FIFO per tenant, taken from the tenant served least recently (one never
 * served first): a tenant with a thousand tasks queued and one with a single task each get every other free thread,
 * and a tenant that arrives goes ahead of one that was just served, so a small job waits for at most the tasks the
 * threads already hold, never for another tenant's whole job.
 */
export class FairQueue<T> {
  private readonly queues = new Map<string, T[]>();
  /** When each tenant was last served (a counter; one entry per tenant ever seen, which is few). */
  private readonly lastServed = new Map<string, number>();
  private turns = 0;
  private count = 0;

  get size(): number {
    return this.count;
  }

  push(tenant: string, item: T): void {
    const queue = this.queues.get(tenant);
    if (queue) queue.push(item);
    else this.queues.set(tenant, [item]);
    this.count++;
  }

  /** The next task of the tenant served least recently. */
  shift(): T | undefined {
    let next: string | undefined;
    for (const tenant of this.queues.keys()) {
      if (next === undefined || (this.lastServed.get(tenant) ?? 0) < (this.lastServed.get(next) ?? 0)) next = tenant;
    }
    if (next === undefined) return undefined;
    const queue = this.queues.get(next)!;
    const item = queue.shift();
    if (queue.length === 0) this.queues.delete(next);
    this.lastServed.set(next, ++this.turns);
    this.count--;
    return item;
  }

  /** Takes every queued task out (the pool is closing). */
  drain(): T[] {
    const all = [...this.queues.values()].flat();
    this.queues.clear();
    this.count = 0;
    return all;
  }
}
