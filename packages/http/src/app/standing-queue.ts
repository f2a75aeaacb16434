/**
 * Tells a service that keeps every request waiting (a standing queue: a starved database, a slow relay) from one that
 * is merely serving a few slow requests, CoDel's way: over a window of `windowMs`, if at least `minSamples` requests
 * finished and even the fastest of them took longer than `limitMs`, requests are queueing. The verdict is the last
 * complete window's, and only when that window is the one just past; a quiet service has no standing queue.
 */
export class StandingQueue {
  private windowStart: number;
  private count = 0;
  private fastestMs = Infinity;
  private verdict = false;

  constructor(
    private readonly limitMs: number,
    private readonly windowMs: number,
    private readonly minSamples: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.windowStart = now();
  }

  /** A finished request's duration. */
  record(durationMs: number): void {
    this.roll();
    this.count += 1;
    if (durationMs < this.fastestMs) this.fastestMs = durationMs;
  }

  get standing(): boolean {
    this.roll();
    return this.verdict;
  }

  private roll(): void {
    const elapsed = this.now() - this.windowStart;
    if (elapsed < this.windowMs) return;
    const justPast = elapsed < 2 * this.windowMs;
    this.verdict = justPast && this.count >= this.minSamples && this.fastestMs > this.limitMs;
    this.windowStart = justPast ? this.windowStart + this.windowMs : this.now();
    this.count = 0;
    this.fastestMs = Infinity;
  }
}
