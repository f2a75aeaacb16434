import type { CaughtUpTracker } from './caught-up';

/**
 * The next offset to handle per partition, as one subscription knows it, passed on to every tracker waiting on it
 * (the subscription's own caughtUp and each catch-up round). A tracker that joins late gets the known positions at once.
 */
export class ProgressBoard {
  private readonly next = new Map<number, number>();
  private readonly trackers = new Set<CaughtUpTracker>();
  private ended = false;

  /** `onWaiting` is told whenever a tracker starts waiting (a group subscription starts polling the group's commits). */
  constructor(private readonly onWaiting: () => void = () => undefined) {}

  progress(partition: number, next: number): void {
    if (next > (this.next.get(partition) ?? -1)) this.next.set(partition, next);
    for (const tracker of this.trackers) tracker.progress(partition, next);
  }

  /** The next offset to handle in `partition`, as far as this board knows (0 before any progress). */
  position(partition: number): number {
    return this.next.get(partition) ?? 0;
  }

  watch(tracker: CaughtUpTracker): void {
    if (this.ended) return tracker.stopped();
    for (const [partition, next] of this.next) tracker.progress(partition, next);
    if (tracker.done) return;
    this.trackers.add(tracker);
    this.onWaiting();
    void tracker.promise.then(
      () => this.trackers.delete(tracker),
      () => this.trackers.delete(tracker),
    );
  }

  /** True while some tracker still waits: a group subscription polls the group's commits only then. */
  get waiting(): boolean {
    return this.trackers.size > 0;
  }

  stopped(): void {
    this.ended = true;
    for (const tracker of this.trackers) tracker.stopped();
    this.trackers.clear();
  }
}
