import type { Logger } from '@waymark/logging';
import type { AttemptRecord, ClaimedDelivery, DeliveryRepository } from '../app/deliveries-ports';
import { ResultWriter } from './result-writer';

export interface DeliveryWorkerOptions {
  deliveries: Pick<DeliveryRepository, 'claimDue' | 'record' | 'release'>;
  attempt: (delivery: ClaimedDelivery) => Promise<AttemptRecord>;
  logger: Logger;
  /** Attempts on the wire at once, all channels together. */
  concurrency: number;
  /** Attempts on the wire at once for one channel, so one slow receiver cannot take every slot. */
  perChannel: number;
  pollIntervalMs: number;
  /** How long a claimed row stays ours (see `maxQueueWaitMs`). */
  leaseMs: number;
  /**
   * A claimed row not started within this long is dropped here and left to its lease, so an attempt never starts
   * when it could outlive the lease (another instance may then have claimed the row).
   */
  maxQueueWaitMs: number;
  now?: () => number;
}

interface Held {
  delivery: ClaimedDelivery;
  claimedAt: number;
}

/**
 * Runs due deliveries from the durable schedule. Nothing waits in memory between attempts: a failed attempt only
 * writes its next due time, and whichever instance looks after that time picks it up, so a restart neither loses
 * nor repeats a scheduled attempt (beyond an attempt cut off mid-flight, run again when its lease runs out).
 *
 * Throughput does not hang on query latency: due rows are claimed in batches (one claim query at a time) into a
 * short local queue of up to one more batch than the slots on the wire, so a freed slot starts the next attempt at
 * once while the next claim runs; results are written in batches by the ResultWriter.
 */
export class DeliveryWorker {
  private readonly sending = new Map<string, number>();
  private sendingTotal = 0;
  /** Per channel: rows queued here plus rows on the wire. */
  private readonly held = new Map<string, number>();
  private queue: Held[] = [];
  private readonly writer: ResultWriter;
  private readonly now: () => number;
  private claiming: Promise<void> | undefined;
  private claimAgain = false;
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private idle: (() => void) | undefined;

  constructor(private readonly options: DeliveryWorkerOptions) {
    this.writer = new ResultWriter(options.deliveries, options.logger);
    this.now = options.now ?? Date.now;
  }

  /** Rows held at once: the slots on the wire plus one batch queued behind them. */
  private get window(): number {
    return this.options.concurrency * 2;
  }

  private get heldTotal(): number {
    return this.sendingTotal + this.queue.length;
  }

  start(): void {
    this.running = true;
    this.wake();
  }

  /** Looks for due work now (new deliveries were scheduled, a signal or the poll timer fired, or slots freed up). */
  wake(): void {
    if (!this.running) return;
    if (this.claiming) {
      this.claimAgain = true;
      return;
    }
    if (this.heldTotal >= this.window) return; // a finishing attempt wakes us again
    // Deferred to the end of this turn of the event loop, so attempts finishing together make one claim.
    this.claiming = new Promise((resolve) => setImmediate(resolve))
      .then(() => this.claim())
      .finally(() => {
        this.claiming = undefined;
        if (this.claimAgain) {
          this.claimAgain = false;
          this.wake();
        }
      });
  }

  /** A paused or deleted channel: attempts claimed but not started are dropped (the database already cancelled them). */
  forgetChannel(channelId: string): void {
    const dropped = this.queue.filter((held) => held.delivery.channelId === channelId);
    if (dropped.length === 0) return;
    this.queue = this.queue.filter((held) => held.delivery.channelId !== channelId);
    for (const held of dropped) this.unhold(held.delivery.channelId);
    this.options.logger.info({ channelId, dropped: dropped.length }, 'channel stopped: queued attempts dropped');
  }

  /** Stops claiming, hands back claims never started, lets attempts in flight finish and writes their results. */
  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.timer);
    await this.claiming;
    const unstarted = this.queue.map((held) => held.delivery);
    this.queue = [];
    for (const delivery of unstarted) this.unhold(delivery.channelId);
    await this.options.deliveries
      .release(unstarted)
      .catch((error: unknown) =>
        this.options.logger.warn({ err: error }, 'handing back unstarted claims failed; they run after their lease'),
      );
    if (this.sendingTotal > 0) await new Promise<void>((resolve) => (this.idle = resolve));
    await this.writer.drain();
  }

  private async claim(): Promise<void> {
    clearTimeout(this.timer);
    const limit = this.window - this.heldTotal;
    if (!this.running || limit <= 0) return;
    const perChannelHold = this.options.perChannel * 2;
    const remainingByChannel = Object.fromEntries(
      [...this.held].map(([id, count]) => [id, Math.max(0, perChannelHold - count)]),
    );
    try {
      const claimed = await this.options.deliveries.claimDue({
        limit,
        perChannel: perChannelHold,
        remainingByChannel,
        leaseMs: this.options.leaseMs,
      });
      const claimedAt = this.now();
      for (const delivery of claimed) {
        this.queue.push({ delivery, claimedAt });
        this.held.set(delivery.channelId, (this.held.get(delivery.channelId) ?? 0) + 1);
      }
      this.pump();
      if (claimed.length === limit) this.claimAgain = true; // more may be due: look again as soon as there is room
    } catch (error) {
      this.options.logger.error({ err: error }, 'claiming due deliveries failed; retrying on next poll');
    } finally {
      if (this.running) this.timer = setTimeout(() => this.wake(), this.options.pollIntervalMs);
    }
  }

  /** Starts queued attempts in claim order wherever the global and per-channel bounds allow. */
  private pump(): void {
    if (this.queue.length === 0 || this.sendingTotal >= this.options.concurrency) return;
    const cutoff = this.now() - this.options.maxQueueWaitMs;
    const kept: Held[] = [];
    let stale = 0;
    for (const held of this.queue) {
      const channelId = held.delivery.channelId;
      if (held.claimedAt < cutoff) {
        stale += 1;
        this.unhold(channelId);
      } else if (
        this.running &&
        this.sendingTotal < this.options.concurrency &&
        (this.sending.get(channelId) ?? 0) < this.options.perChannel
      ) {
        this.send(held.delivery);
      } else {
        kept.push(held);
      }
    }
    this.queue = kept;
    if (stale > 0)
      this.options.logger.warn({ count: stale }, 'claimed attempts waited too long for a slot; left to their lease');
  }

  private send(delivery: ClaimedDelivery): void {
    const channelId = delivery.channelId;
    this.sending.set(channelId, (this.sending.get(channelId) ?? 0) + 1);
    this.sendingTotal += 1;
    this.options
      .attempt(delivery)
      .then((result) => this.writer.add(result))
      .catch((error: unknown) =>
        this.options.logger.error(
          { err: error, deliveryId: delivery.id },
          'delivery attempt crashed; retried after its lease',
        ),
      )
      .finally(() => {
        const left = (this.sending.get(channelId) ?? 1) - 1;
        if (left === 0) this.sending.delete(channelId);
        else this.sending.set(channelId, left);
        this.sendingTotal -= 1;
        this.unhold(channelId);
        if (this.sendingTotal === 0) this.idle?.();
        this.pump();
        // Claim more once this channel has room for half a batch (or nothing is ready to send), while its queue
        // still covers the claim's latency; claims are single-flight, so finishing attempts coalesce into one query.
        const channelRoom = this.options.perChannel * 2 - (this.held.get(channelId) ?? 0);
        if (this.queue.length === 0 || channelRoom >= Math.ceil(this.options.perChannel / 2)) this.wake();
      });
  }

  private unhold(channelId: string): void {
    const left = (this.held.get(channelId) ?? 1) - 1;
    if (left === 0) this.held.delete(channelId);
    else this.held.set(channelId, left);
  }
}
