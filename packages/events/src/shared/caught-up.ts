/**
 * Tracks a subscription's progress against the high-water marks taken at subscribe time.
 * The promise resolves once every partition's next offset to handle reached its mark, and rejects if the
 * subscription stops first (marked handled, so nobody is forced to await it).
 */
export class CaughtUpTracker {
  readonly promise: Promise<void>;
  private readonly pending = new Map<number, number>();
  private settle!: { resolve(): void; reject(error: Error): void };

  constructor(highWaterMarks: Map<number, number>) {
    this.promise = new Promise<void>((resolve, reject) => {
      this.settle = { resolve, reject };
    });
    this.promise.catch(() => undefined);
    for (const [partition, mark] of highWaterMarks) if (mark > 0) this.pending.set(partition, mark);
    this.check();
  }

  get done(): boolean {
    return this.pending.size === 0;
  }

  /** `nextOffset` is the offset after the last one handled (or committed) in the partition. */
  progress(partition: number, nextOffset: number): void {
    const mark = this.pending.get(partition);
    if (mark !== undefined && nextOffset >= mark) {
      this.pending.delete(partition);
      this.check();
    }
  }

  stopped(): void {
    if (!this.done) this.settle.reject(new Error('subscription stopped before it caught up'));
  }

  private check(): void {
    if (this.pending.size === 0) this.settle.resolve();
  }
}
