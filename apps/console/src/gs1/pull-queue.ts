/**
 * Rows pushed by a callback parser, pulled by an async loop. The parser is paused while `high` rows wait and resumed
 * once the reader has taken them, so a large file is never held in memory.
 */
export class PullQueue<T> {
  private items: T[] = [];
  private ended = false;
  private failure: unknown;
  private wake: (() => void) | null = null;
  private paused = false;

  constructor(
    private readonly high: number,
    private readonly flow: { pause(): void; resume(): void },
  ) {}

  push(item: T): void {
    this.items.push(item);
    if (this.items.length >= this.high && !this.paused) {
      this.paused = true;
      this.flow.pause();
    }
    this.notify();
  }

  end(): void {
    this.ended = true;
    this.notify();
  }

  fail(error: unknown): void {
    this.failure = error;
    this.notify();
  }

  async *drain(): AsyncGenerator<T> {
    for (;;) {
      const item = this.items.shift();
      if (item !== undefined) {
        yield item;
        if (this.paused && this.items.length === 0) {
          this.paused = false;
          this.flow.resume();
        }
        continue;
      }
      if (this.failure !== undefined) throw this.failure;
      if (this.ended) return;
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }
}
