/**
 * The buffers click batches are written into, kept for the next batches once a batch is done with (published, or
 * its events spooled as text).
 *
 * Why: a fresh buffer that doubles on the way to a full batch costs new memory, page faults on first write and a
 * copy at each doubling, for every batch. A buffer sized for a whole batch and used again is written into pages that
 * are already there, and never copied.
 *
 * Only buffers of this pool's size come back (a batch that grew past it, for a record larger than the spare room,
 * keeps its own); at most `keep` wait here, enough for the batch being filled and the one being published.
 */
export class ClickBatchBuffers {
  private readonly free: Buffer[] = [];

  /**
   * `size`: the emitter's batch byte bound plus room for the record that crosses it (a batch closes once it holds
   * the bound, so its last record ends past it).
   */
  constructor(
    readonly size: number,
    private readonly keep = 4,
  ) {}

  take(): Buffer {
    return this.free.pop() ?? Buffer.allocUnsafeSlow(this.size);
  }

  /** A buffer nobody reads any more (its batch released it); kept if it is of this pool's size and there is room. */
  give(bytes: Buffer): void {
    if (bytes.length === this.size && this.free.length < this.keep) this.free.push(bytes);
  }

  /** Buffers waiting to be used again (what the tests read of the pool). */
  get idle(): number {
    return this.free.length;
  }
}
