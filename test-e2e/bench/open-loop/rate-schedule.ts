/**
 * The timing of an open-loop load: request i of a run at `rate` per second is due `i * 1000 / rate` ms after the
 * start, whatever the answers to earlier requests did. Latency is measured from that due time, not from the moment
 * the generator got round to sending, so a stalled generator or server cannot hide its own delay (coordinated
 * omission).
 */
export function scheduledAtMs(index: number, ratePerSecond: number): number {
  if (!(ratePerSecond > 0)) throw new RangeError(`rate must be positive, got ${ratePerSecond}`);
  return (index * 1000) / ratePerSecond;
}

/** How many requests (indices 0..n-1) are due by `elapsedMs` after the start, never more than `total`. */
export function dueCount(elapsedMs: number, ratePerSecond: number, total: number): number {
  if (elapsedMs < 0) return 0;
  // The epsilon keeps index i due at exactly its own time despite floating-point division (i * 1000 / r * r / 1000).
  return Math.min(total, Math.floor((elapsedMs * ratePerSecond) / 1000 + 1e-9) + 1);
}

/** Number of requests a run of `seconds` at `rate` offers. */
export function offeredCount(ratePerSecond: number, seconds: number): number {
  return Math.round(ratePerSecond * seconds);
}

/** Whether request i is an API call: one in every `apiEvery` (20 for 5 %), spread evenly rather than at random. */
export function isApiCall(index: number, apiEvery: number): boolean {
  return apiEvery > 0 && index % apiEvery === apiEvery - 1;
}

/** How the generator kept its schedule: sends that left later than `lateAfterMs` past their due time. */
export class ScheduleKeeping {
  sent = 0;
  late = 0;
  dropped = 0;
  maxLatenessMs = 0;

  constructor(private readonly lateAfterMs: number) {}

  recordSend(dueMs: number, sentMs: number): void {
    this.sent += 1;
    const lateness = sentMs - dueMs;
    if (lateness > this.lateAfterMs) this.late += 1;
    if (lateness > this.maxLatenessMs) this.maxLatenessMs = lateness;
  }

  /** A due request not sent because the in-flight limit was reached: the system is not keeping up. */
  recordDrop(): void {
    this.dropped += 1;
  }
}
