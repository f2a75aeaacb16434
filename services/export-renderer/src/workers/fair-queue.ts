/**
 * Tasks waiting for a render thread, one FIFO per tenant, taken from the tenants in turn: a tenant with a thousand
 * tasks queued and one with a single task each get every other free thread, so a small job waits for at most the
 * tasks the threads already hold, never for another tenant's whole job.
 */
export class FairQueue<T> {
  private readonly queues = new Map<string, T[]>();
  /** Tenants with queued tasks, in the order they are served next. */
  private readonly turn: string[] = [];

  get size(): number {
    let n = 0;
    for (const queue of this.queues.values()) n += queue.length;
    return n;
  }

  push(tenant: string, item: T): void {
    const queue = this.queues.get(tenant);
    if (queue) queue.push(item);
    else {
      this.queues.set(tenant, [item]);
      this.turn.push(tenant);
    }
  }

  /** The next task of the tenant whose turn it is; that tenant goes to the back of the line. */
  shift(): T | undefined {
    const tenant = this.turn.shift();
    if (tenant === undefined) return undefined;
    const queue = this.queues.get(tenant)!;
    const item = queue.shift();
    if (queue.length > 0) this.turn.push(tenant);
    else this.queues.delete(tenant);
    return item;
  }

  /** Takes every queued task out (the pool is closing). */
  drain(): T[] {
    const all = [...this.queues.values()].flat();
    this.queues.clear();
    this.turn.length = 0;
    return all;
  }
}
