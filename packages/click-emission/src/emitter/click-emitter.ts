import type { Logger } from '@waymark/logging';
import type { ClickVisit, EncodedClick } from '../click-visit';
import { ClickBatch } from './click-batch';
import type { ClickPublisher } from './click-publisher';
import { ClickBatchBuffers } from './click-batch-buffers';
import type { ClickSpool } from '../spool/click-spool';

export interface ClickEmitterOptions {
  readonly publisher: ClickPublisher;
  readonly spool: ClickSpool;
  readonly logger: Logger;
  /** Events per publish, at most. */
  readonly batchMax: number;
  /**
   * Bytes of records per publish, at most (the batch closes once it reaches this): a batch must stay below the
   * brokers' message.max.bytes (1 MiB by default) even when all of it lands on one partition (CLICK_BATCH_MAX_BYTES).
   */
  readonly batchMaxBytes: number;
  /**
   * How long a batch that is not full waits for more records before it is published (Kafka's `linger.ms`), and how
   * often an idle queue is looked at.
   */
  readonly flushMs: number;
  /**
   * A publish unanswered this long means Kafka is away: new events go to the spool meanwhile. Also the most a click
   * is held in memory only: what a hard kill of the process can lose is the clicks of the last
   * `degradeAfterMs + flushMs` (the spill is looked at every flushMs), see spillIfStuck.
   */
  readonly degradeAfterMs: number;
  /** Pause between replay attempts while Kafka is away. */
  readonly retryMs: number;
}

/**
 * Room in a batch's buffer past the batch byte bound, for the record that crosses it: a visit's record is 1-3 KB
 * (its room bound, six bytes counted per character, somewhat more); a larger one grows that batch's buffer.
 */
const LAST_RECORD_ROOM = 64 * 1024;

/**
 * Takes click events off the request path and publishes them to clicks.v1 in batches. While Kafka does not
 * answer, events go to the local spool (the request path never waits), and the spool is replayed, oldest
 * first, once Kafka answers again; a batch is committed from the spool only after Kafka acknowledged it, so a
 * crash or an outage replays rather than loses (duplicates carry the same eventId, and consumers dedupe on it).
 */
export class ClickEmitter {
  /** Oldest first; each holds up to batchMax records, the last one is being filled (see ClickBatch for why bytes). */
  private queue: ClickBatch[] = [];
  private filling: ClickBatch | undefined;
  private sending: { batch: ClickBatch; since: number; direct: boolean } | undefined;
  private degraded = false;
  private stopped = false;
  private loop: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private wake: (() => void) | undefined;
  private published = 0;
  private readonly buffers: ClickBatchBuffers;
  /** When each queued batch took its first record. */
  private readonly openedAt = new WeakMap<ClickBatch, number>();
  /** Batches written to the spool while their publish was still pending (not to be spooled a second time). */
  private readonly spooledInFlight = new WeakSet<ClickBatch>();

  constructor(private readonly options: ClickEmitterOptions) {
    this.buffers = new ClickBatchBuffers(options.batchMaxBytes + LAST_RECORD_ROOM);
  }

  record(visit: ClickVisit): void {
    let batch = this.filling;
    if (batch === undefined || this.full(batch)) {
      batch = this.filling = new ClickBatch(this.buffers.take());
      this.openedAt.set(batch, Date.now());
      this.queue.push(batch);
    }
    batch.appendVisit(visit);
    if (this.full(batch)) this.wake?.();
  }

  get stats(): { published: number; queued: number; spooledBytes: number; dropped: number; degraded: boolean } {
    const { spool } = this.options;
    const queued = this.queue.reduce((sum, batch) => sum + batch.length, 0);
    return {
      published: this.published,
      queued,
      spooledBytes: spool.bytes,
      dropped: spool.droppedCount,
      degraded: this.degraded,
    };
  }

  start(): void {
    this.loop = this.run();
  }

  /** Drains to Kafka for up to `deadlineMs`; whatever is left (or stuck in a publish) goes to the spool. */
  async stop(deadlineMs = 5_000): Promise<void> {
    this.stopped = true;
    this.wake?.();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.loop, new Promise((resolve) => (timer = setTimeout(resolve, deadlineMs)))]);
    clearTimeout(timer);
    const sending = this.sending;
    if (sending?.direct && !this.spooledInFlight.has(sending.batch))
      await this.options.spool.append(sending.batch.clicks());
    await this.options.spool.append(this.takeQueued());
    await this.options.spool.flushed();
  }

  private async run(): Promise<void> {
    for (;;) {
      const idle = this.queue.length === 0 && !this.options.spool.hasData();
      if (this.stopped && (idle || this.degraded)) return;
      if (idle || this.degraded) await this.pause(this.degraded ? this.options.retryMs : this.options.flushMs);
      else await this.lingerOnHead();
      try {
        await this.cycle();
      } catch (error) {
        this.options.logger.error({ err: error }, 'click emitter cycle failed');
        this.degraded = true;
      }
    }
  }

  private async cycle(): Promise<void> {
    const { spool, batchMax } = this.options;
    if (spool.hasData()) {
      // Keep the order roughly by time: new events queue behind the spooled ones.
      await spool.append(this.takeQueued());
      const chunk = await spool.read(batchMax, this.options.batchMaxBytes);
      if (!chunk) return;
      if (chunk.clicks.length === 0 || (await this.send(ClickBatch.of(chunk.clicks), false))) await chunk.commit();
      return;
    }
    const batch = this.queue.shift();
    if (batch === undefined) return;
    if (batch === this.filling) this.filling = undefined;
    const sent = await this.send(batch, true);
    // Spooled as text (the spool's lines are strings), so the buffer is free either way once this line is done.
    const unsent = sent || this.spooledInFlight.has(batch) ? [] : batch.clicks();
    this.buffers.give(batch.release());
    if (unsent.length > 0) await spool.append(unsent);
  }

  /**
   * Under load the next batch is published once it is full or `flushMs` old, not as soon as the previous publish is
   * answered: every publish puts one record batch on each partition it touches, and a consumer takes one such batch
   * per partition per fetch from the test kit's broker (and pays a round trip per request from any broker), so many
   * small publishes made every consumer group fall behind under load.
   */
  private async lingerOnHead(): Promise<void> {
    const head = this.queue[0];
    if (head === undefined || this.stopped || this.full(head) || this.options.spool.hasData()) return;
    const age = Date.now() - (this.openedAt.get(head) ?? 0);
    if (age < this.options.flushMs) await this.pause(this.options.flushMs - age);
  }

  private full(batch: ClickBatch): boolean {
    return batch.length >= this.options.batchMax || batch.size >= this.options.batchMaxBytes;
  }

  /** Every queued record, as text for the spool; the queue is empty afterwards. */
  private takeQueued(): EncodedClick[] {
    const clicks = this.queue.flatMap((batch) => {
      const text = batch.clicks();
      this.buffers.give(batch.release());
      return text;
    });
    this.queue = [];
    this.filling = undefined;
    return clicks;
  }

  private async send(batch: ClickBatch, direct: boolean): Promise<boolean> {
    this.sending = { batch, since: Date.now(), direct };
    const spill = setInterval(() => this.spillIfStuck(), this.options.flushMs);
    try {
      await this.options.publisher.publish(batch);
      this.published += batch.length;
      if (this.degraded) this.options.logger.info('clicks.v1 accepts events again; replaying the spool');
      this.degraded = false;
      return true;
    } catch (error) {
      if (!this.degraded)
        this.options.logger.warn(
          { err: error, events: batch.length },
          'clicks.v1 publish failed; spooling events locally',
        );
      this.degraded = true;
      return false;
    } finally {
      clearInterval(spill);
      this.sending = undefined;
    }
  }

  /**
   * While a publish hangs (brokers unreachable), clicks must not stay in memory only: once the oldest click held (the
   * first of the batch being published) is degradeAfterMs old, that batch and everything queued behind it go to the
   * spool, which outlives the process. This is what bounds the loss of a hard kill. A spooled batch whose publish is
   * answered after all is published twice; consumers drop the second copy by its eventId.
   */
  private spillIfStuck(): void {
    const sending = this.sending;
    if (!sending) return;
    // A batch read back from the spool is in the spool already: only its publish's time counts.
    const heldSince = sending.direct ? (this.openedAt.get(sending.batch) ?? sending.since) : sending.since;
    if (Date.now() - heldSince < this.options.degradeAfterMs) return;
    if (!this.degraded)
      this.options.logger.warn(
        { ms: Date.now() - sending.since },
        'clicks.v1 publish is not answered; spooling new events',
      );
    this.degraded = true;
    if (sending.direct && !this.spooledInFlight.has(sending.batch)) {
      this.spooledInFlight.add(sending.batch);
      void this.options.spool.append(sending.batch.clicks());
    }
    if (this.queue.length > 0) void this.options.spool.append(this.takeQueued());
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      this.wake = () => {
        clearTimeout(this.timer);
        this.wake = undefined;
        resolve();
      };
      this.timer = setTimeout(() => this.wake?.(), ms);
    });
  }
}
