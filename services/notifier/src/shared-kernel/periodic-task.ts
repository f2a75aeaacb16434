import type { Logger } from '@waymark/logging';

export interface PeriodicTaskOptions<T> {
  /** For the log line of a failed run, e.g. "retention sweep". */
  name: string;
  intervalMs: number;
  logger: Logger;
  run: () => Promise<T>;
}

/**
 * Runs a task at start and then `intervalMs` after each run ends (never two at once in this process). A failed run
 * (the database away) is logged and tried again at the next interval. The timer does not keep the process alive.
 */
export class PeriodicTask<T> {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<T> | undefined;
  private started = false;

  constructor(private readonly options: PeriodicTaskOptions<T>) {}

  start(): void {
    this.started = true;
    this.schedule(0);
  }

  /** Stops the timer and waits for a run in progress. */
  async stop(): Promise<void> {
    this.started = false;
    clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** One run now, or the one already in progress. */
  runNow(): Promise<T> {
    this.running ??= this.options.run().finally(() => (this.running = undefined));
    return this.running;
  }

  private schedule(delayMs: number): void {
    if (!this.started) return;
    this.timer = setTimeout(() => {
      this.runNow()
        .catch((error: unknown) =>
          this.options.logger.error({ err: error }, `${this.options.name} failed; trying again next interval`),
        )
        .finally(() => this.schedule(this.options.intervalMs));
    }, delayMs);
    this.timer.unref();
  }
}
