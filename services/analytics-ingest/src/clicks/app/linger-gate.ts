import { context, ROOT_CONTEXT } from '@waymark/tracing';

/**
 * Holds submitted parts until together they hold `minItems` or the oldest waited `lingerMs`, then passes them on as
 * one (Kafka's linger.ms, for a writer). Why: under a steady load far below saturation every consumed batch is small,
 * and each statement then pays its fixed cost (plan, commit, fsync) and writes its rollup rows for a handful of
 * clicks; held together, clicks of one link and day share rows and a statement carries hundreds. A caller's promise
 * settles with the write that carried its part. `lingerMs` 0 passes every part on at once. A write of one part runs in
 * its caller's trace context, a write of several in none (as BatchCoalescer does).
 */
export class LingerGate<T> {
  private held: Array<{ items: T[]; settle: (error?: unknown) => void }> = [];
  private count = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly write: (items: T[]) => Promise<void>,
    private readonly minItems: number,
    private readonly lingerMs: number,
  ) {}

  submit(items: T[]): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.held.push({ items, settle: (error) => (error === undefined ? resolve() : reject(error)) });
      this.count += items.length;
      if (this.lingerMs <= 0 || this.count >= this.minItems) this.release();
      else this.timer ??= setTimeout(() => this.release(), this.lingerMs);
    });
  }

  private release(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const taken = this.held;
    this.held = [];
    this.count = 0;
    const write = () => this.write(taken.flatMap((part) => part.items));
    (taken.length === 1 ? write() : context.with(ROOT_CONTEXT, write)).then(
      () => taken.forEach((part) => part.settle()),
      (error: unknown) => taken.forEach((part) => part.settle(error ?? new Error('write failed'))),
    );
  }
}
