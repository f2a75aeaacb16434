/** What one round of the shared loop does: drain the outbox once, then read the oldest row still unpublished. */
export interface PublicationRound {
  drain(): Promise<unknown>;
  /** The id of the oldest unpublished row of the relay's topics (any relay's), or null when none is pending. */
  oldestPending(): Promise<bigint | null>;
}

interface Waiter {
  /** The newest outbox row when the writer started waiting: it waits until no row up to it is pending. */
  readonly head: bigint;
  readonly release: () => void;
  readonly fail: (error: unknown) => void;
}

/**
 * Writers waiting for their outbox rows to reach the bus share one loop: each round drains once and asks once for the
 * oldest pending row, and releases every writer whose rows are all older. When each writer polled on its own, the
 * queries grew with the writes in flight and queued on the relay's connections ahead of the very drain they waited
 * for, so a busy API spent most of its CPU, and its database much of its own, asking whether it was done yet.
 */
export class PublicationWaiters {
  private readonly waiting = new Set<Waiter>();
  private looping = false;

  constructor(
    private readonly round: PublicationRound,
    private readonly pollMs: number,
  ) {}

  /** Resolves once no row up to `head` is pending; rejects when a round fails (the bus or the database is down). */
  waitFor(head: bigint): Promise<void> {
    return new Promise<void>((release, fail) => {
      this.waiting.add({ head, release, fail });
      if (!this.looping) void this.run();
    });
  }

  private async run(): Promise<void> {
    this.looping = true;
    try {
      while (this.waiting.size > 0) {
        try {
          await this.round.drain();
          const oldest = await this.round.oldestPending();
          for (const waiter of this.waiting) {
            if (oldest !== null && oldest <= waiter.head) continue;
            this.waiting.delete(waiter);
            waiter.release();
          }
        } catch (error) {
          for (const waiter of this.waiting) waiter.fail(error);
          this.waiting.clear();
        }
        if (this.waiting.size > 0) await new Promise((resolve) => setTimeout(resolve, this.pollMs));
      }
    } finally {
      // Synchronous with the loop's last check: a writer arriving after it finds `looping` false and starts one.
      this.looping = false;
    }
  }
}
