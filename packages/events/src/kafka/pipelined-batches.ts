import type { EachBatchPayload } from 'kafkajs';
import { BatchAbandonedError } from '../shared/abortable';
import type { ProgressBoard } from '../shared/progress-board';
import { errorText } from '../shared/dead-letter';
import { dispatchBatch, type DispatchContext } from '../shared/dispatch';
import type { OffsetCommitter } from './commit-offset';
import { toRawMessage } from './kafka-raw-message';

/** One partition's batches that were handed to the handler and whose offsets are not committed yet, in order. */
interface Lane {
  /**
   * Completion (handled and committed, or given up) of each unfinished batch, oldest first: a full lane waits on the
   * first, a new batch's commit on the last, drain() on all.
   */
  readonly unfinished: Promise<void>[];
  /** Set when a batch could not be handled: the lane hands out nothing more (see handle()). */
  failed?: unknown;
}

/**
 * Group-mode batches handled `depth` at a time per partition instead of one: a partition's next batch is fetched
 * and handed to the handler while the previous ones are still being handled, and offsets are committed strictly in
 * order, each once its batch and every earlier one were handled. Nothing is committed before it was handled, so a
 * crash or rebalance redelivers what was in flight (at least once, as with one batch at a time). A handler that
 * batches its own writes (analytics-ingest) then sees as much work as the load offers, not one fetch per partition.
 *
 * A batch that could not be handled (parking failed) poisons its lane: the partition's next batch throws, kafkajs
 * retries and then restarts the consumer, which rejoins and fetches from the committed offsets; lanes are
 * forgotten on every (re)join.
 */
export class PipelinedBatches<V> {
  private lanes = new Map<number, Lane>();
  private draining = false;

  constructor(
    private readonly committer: OffsetCommitter,
    private readonly context: DispatchContext<V>,
    private readonly depth: number,
    private readonly heartbeatIntervalMs: number,
    private readonly board: Pick<ProgressBoard, 'progress'>,
  ) {}

  /** On a (re)join: what was in flight is committed by its own lane or redelivered; new batches start new lanes. */
  rejoined(): void {
    this.lanes = new Map();
  }

  async handle({ batch, heartbeat, resolveOffset, isRunning, isStale }: EachBatchPayload): Promise<void> {
    // While draining for stop(), nothing new is handed out (kafkajs fetches the same offsets again meanwhile).
    if (this.draining || !isRunning() || isStale() || batch.isEmpty()) return;
    let lane = this.lanes.get(batch.partition);
    if (!lane) this.lanes.set(batch.partition, (lane = { unfinished: [] }));
    if (lane.failed) throw lane.failed;
    const keepAlive = setInterval(() => void heartbeat().catch(() => undefined), this.heartbeatIntervalMs);
    try {
      // A full lane waits for its oldest batch: this is the back-pressure that stops fetching.
      while (lane.unfinished.length >= this.depth) await lane.unfinished[0];
    } finally {
      clearInterval(keepAlive);
    }
    if (lane.failed) throw lane.failed;
    const handled = dispatchBatch(
      this.context,
      batch.messages.map((message) => toRawMessage(batch.partition, message)),
    );
    handled.catch(() => undefined);
    const next = Number(batch.lastOffset()) + 1;
    const owner = lane;
    // After a failed batch nothing later on the lane is committed: that would skip the failed one.
    const previous = owner.unfinished.at(-1) ?? Promise.resolve();
    const done = previous
      .then(() => handled)
      .then(
        () => (owner.failed ? undefined : this.commit(batch.topic, batch.partition, next)),
        (error: unknown) => this.giveUp(owner, batch.partition, batch.firstOffset(), error),
      );
    owner.unfinished.push(done);
    void done.then(() => owner.unfinished.splice(owner.unfinished.indexOf(done), 1));
    // Fetch on from here: this batch is in the lane, and its offset is committed only once it was handled.
    resolveOffset(batch.lastOffset());
  }

  /** Stops handing out batches and waits (up to the abort of `context.signal`) for every lane to commit. */
  async drain(): Promise<void> {
    this.draining = true;
    await Promise.all([...this.lanes.values()].flatMap((lane) => lane.unfinished));
  }

  private async commit(topic: string, partition: number, next: number): Promise<void> {
    if (await this.committer.commit(topic, partition, next)) this.board.progress(partition, next);
  }

  private giveUp(lane: Lane, partition: number, firstOffset: string | null, error: unknown): void {
    lane.failed ??= error;
    if (error instanceof BatchAbandonedError) return;
    this.context.logger.error(
      { topic: this.context.topic.name, partition, firstOffset, err: errorText(error) },
      'could not finish a batch (parking failed); it stays uncommitted and the consumer restarts from the committed offset',
    );
  }
}
