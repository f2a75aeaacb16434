/**
 * Coalesces many publish calls into one send: items arriving within `lingerMs` (or until `maxItems`) go out
 * together. Sends run one at a time in arrival order, so order per key holds across calls. Each caller's
 * promise settles with the outcome of the send that carried its items.
 */
export class PublishCoalescer<T> {
  private queue: { items: T[]; resolve(): void; reject(error: unknown): void }[] = [];
  private queuedItems = 0;
  private timer: NodeJS.Timeout | undefined;
  private sending: Promise<void> = Promise.resolve();

  constructor(
    private readonly send: (items: T[]) => Promise<void>,
    private readonly options: { lingerMs: number; maxItems: number },
  ) {}

  add(items: T[]): Promise<void> {
    if (items.length === 0) return Promise.resolve();
    const done = new Promise<void>((resolve, reject) => this.queue.push({ items, resolve, reject }));
    this.queuedItems += items.length;
    if (this.queuedItems >= this.options.maxItems) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), this.options.lingerMs);
    return done;
  }

  /** Sends what is queued now; resolves when every send so far has settled. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const callers = this.queue;
    this.queue = [];
    this.queuedItems = 0;
    if (callers.length > 0) {
      this.sending = this.sending.then(async () => {
        try {
          await this.send(callers.flatMap((caller) => caller.items));
          for (const caller of callers) caller.resolve();
        } catch (error) {
          for (const caller of callers) caller.reject(error);
        }
      });
    }
    return this.sending;
  }
}
