import type { Logger } from '@waymark/logging';
import type { AttemptRecord, ClaimedDelivery, DeliveryRepository } from './delivery.repository';

export interface DeliveryWorkerOptions {
  deliveries: Pick<DeliveryRepository, 'claimDue' | 'record'>;
  attempt: (delivery: ClaimedDelivery) => Promise<AttemptRecord>;
  logger: Logger;
  concurrency: number;
  perChannel: number;
  pollIntervalMs: number;
  /** How long a claimed row stays ours; longer than the attempt timeout, so only a crashed attempt outlives it. */
  leaseMs: number;
}

/**
 * Runs due deliveries from the durable schedule. Nothing waits in memory between attempts: a failed attempt only
 * writes its next due time, and whichever instance polls after that time picks it up, so a restart neither loses
 * nor repeats a scheduled attempt (beyond an attempt cut off mid-flight, retried when its lease runs out).
 * Results are written in batches so a burst of attempts costs few transactions.
 */
export class DeliveryWorker {
  private readonly inFlight = new Map<string, number>();
  private inFlightTotal = 0;
  private readonly results: AttemptRecord[] = [];
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  private wokenWhileTicking = false;
  private flushing: Promise<void> | undefined;
  private running = false;
  private idle: (() => void) | undefined;

  constructor(private readonly options: DeliveryWorkerOptions) {}

  start(): void {
    this.running = true;
    this.schedule(0);
  }

  /** Looks for due work now (new deliveries were just scheduled, or a slot freed up). */
  wake(): void {
    if (!this.running) return;
    if (this.ticking) {
      this.wokenWhileTicking = true;
      return;
    }
    clearTimeout(this.timer);
    this.ticking = this.tick().finally(() => {
      this.ticking = undefined;
      if (this.wokenWhileTicking) {
        this.wokenWhileTicking = false;
        this.wake();
      } else {
        this.schedule(this.options.pollIntervalMs);
      }
    });
  }

  /** Stops claiming, lets attempts in flight finish and writes their results. */
  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.timer);
    await this.ticking;
    if (this.inFlightTotal > 0) await new Promise<void>((resolve) => (this.idle = resolve));
    await this.flush();
  }

  private schedule(delayMs: number): void {
    if (!this.running) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.wake(), delayMs);
  }

  private async tick(): Promise<void> {
    void this.flush();
    const capacity = this.options.concurrency - this.inFlightTotal;
    if (capacity <= 0) return;
    const remainingByChannel = Object.fromEntries(
      [...this.inFlight].map(([channelId, count]) => [channelId, Math.max(0, this.options.perChannel - count)]),
    );
    let claimed: ClaimedDelivery[];
    try {
      claimed = await this.options.deliveries.claimDue({
        limit: capacity,
        perChannel: this.options.perChannel,
        remainingByChannel,
        leaseMs: this.options.leaseMs,
      });
    } catch (error) {
      this.options.logger.error({ err: error }, 'claiming due deliveries failed; retrying on next poll');
      return;
    }
    for (const delivery of claimed) this.run(delivery);
    if (claimed.length === capacity) this.wokenWhileTicking = true; // more may be due: look again at once
  }

  private run(delivery: ClaimedDelivery): void {
    this.inFlight.set(delivery.channelId, (this.inFlight.get(delivery.channelId) ?? 0) + 1);
    this.inFlightTotal += 1;
    this.options
      .attempt(delivery)
      .then((result) => {
        this.results.push(result);
        void this.flush();
      })
      .catch((error) => this.options.logger.error({ err: error, deliveryId: delivery.id }, 'delivery attempt crashed; retried after its lease'))
      .finally(() => {
        const left = (this.inFlight.get(delivery.channelId) ?? 1) - 1;
        if (left === 0) this.inFlight.delete(delivery.channelId);
        else this.inFlight.set(delivery.channelId, left);
        this.inFlightTotal -= 1;
        if (this.inFlightTotal === 0) this.idle?.();
        this.wake();
      });
  }

  /** One writer at a time; results arriving meanwhile go into the next batch. */
  private flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    if (this.results.length === 0) return Promise.resolve();
    this.flushing = (async () => {
      while (this.results.length > 0) {
        const batch = this.results.splice(0, 500);
        try {
          await this.options.deliveries.record(batch);
        } catch (error) {
          // Keep them for the next flush; if the process dies first, the leases expire and the attempts run again.
          this.results.unshift(...batch);
          this.options.logger.error({ err: error, count: batch.length }, 'recording delivery attempts failed');
          break;
        }
      }
    })().finally(() => (this.flushing = undefined));
    return this.flushing;
  }
}
