import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import type { Admin, EachBatchPayload, Kafka } from 'kafkajs';
import type { SubscribeOptions, Subscription } from '../event-bus';
import { BatchAbandonedError } from '../shared/abortable';
import type { RetryPolicy } from '../shared/batch-runner';
import type { BusLogger } from '../shared/bus-logger';
import { CaughtUpTracker } from '../shared/caught-up';
import { HeadCatchUp } from '../shared/head-catch-up';
import { ProgressBoard } from '../shared/progress-board';
import { errorText } from '../shared/dead-letter';
import { dispatchBatch, type DispatchContext, type RawMessage } from '../shared/dispatch';
import { toRawMessage } from './kafka-raw-message';
import { OffsetCommitter } from './commit-offset';
import { ConsumerRestarter, type ConsumerRestartPolicy } from './consumer-restarter';
import { groupCommitPoller } from './group-progress';
import { PipelinedBatches } from './pipelined-batches';
import { fetchTopicOffsetsOnceListed } from './topic-offsets';

export interface ConsumerTuning {
  sessionTimeoutMs: number;
  heartbeatIntervalMs: number;
  /**
   * Like max.poll.interval.ms: heartbeats stop once one attempt at a batch ran this long, so a stuck member loses its
   * partitions (a batch retried through an outage fails its attempts quickly and keeps them).
   */
  maxBatchDurationMs: number;
  /**
   * Longest a fetch waits on an idle broker. A stopping consumer waits for its fetch in flight, so this bounds
   * how long stop() takes when idle; data wakes a fetch at once regardless.
   */
  maxWaitTimeMs: number;
}

export interface KafkaSubscriptionDeps {
  kafka: Kafka;
  admin: Admin;
  clientId: string;
  logger: BusLogger;
  retry: RetryPolicy;
  tuning: ConsumerTuning;
  park(topicName: string, groupId: string, raw: RawMessage, error: string): Promise<void>;
  restart: ConsumerRestartPolicy;
}

export interface KafkaSubscription extends Subscription {
  /** Set while the consumer has been down after a crash for too long (see ConsumerRestarter). */
  stalled(): Error | undefined;
}

/**
 * One kafkajs consumer per subscription. Group mode: a consumer group (a new group starts from the earliest
 * offset), offsets committed only after the batch was handled or parked. Broadcast mode: kafkajs cannot assign()
 * partitions, so the consumer joins a group of its own with a random id, reads from the start and never commits.
 */
export async function subscribeKafka<V>(
  deps: KafkaSubscriptionDeps,
  options: SubscribeOptions<V>,
): Promise<KafkaSubscription> {
  const topic = options.topic.name;
  const group = options.mode === 'group';
  if (group && !options.groupId) throw new Error('a group subscription needs a groupId');
  const depth = options.batchesInFlight ?? 1;
  if (!Number.isInteger(depth) || depth < 1)
    throw new Error(`batchesInFlight must be a positive integer, got ${depth}`);
  const groupId = group ? (options.groupId as string) : `${options.groupId ?? deps.clientId}.broadcast.${randomUUID()}`;
  const fetchEnds = async () =>
    new Map((await fetchTopicOffsetsOnceListed(deps.admin, topic)).map((e) => [e.partition, Number(e.high)]));
  const tracker = new CaughtUpTracker(await fetchEnds());
  const poller = group ? groupCommitPoller(deps.admin, groupId, topic, () => board, deps.logger) : undefined;
  const board = new ProgressBoard(() => poller?.wake());
  board.watch(tracker);
  const head = new HeadCatchUp(topic, fetchEnds, board);
  const stopWatching = () => {
    poller?.stop();
    board.stopped();
  };

  const abort = new AbortController();
  // Every batch in hand listens on the signal (its handler and its backoff): many more than Node's default warning
  // threshold of 10 once partitions and pipelined batches multiply. They are removed as each batch settles.
  setMaxListeners(10 + 4 * depth * (options.partitionsConsumedConcurrently ?? 1), abort.signal);
  const context: Omit<DispatchContext<V>, 'signal'> = {
    system: 'kafka',
    topic: options.topic,
    mode: options.mode,
    groupId,
    policy: { ...deps.retry, maxAttempts: options.maxAttempts ?? deps.retry.maxAttempts },
    logger: deps.logger,
    handleBatch: (messages) => options.handleBatch(messages),
    skipUndecoded: options.skipUndecoded,
    dependenciesReady: options.dependenciesReady,
    park: (raw, error) => deps.park(topic, groupId, raw, error),
  };
  const consumer = deps.kafka.consumer({
    groupId,
    sessionTimeout: deps.tuning.sessionTimeoutMs,
    heartbeatInterval: deps.tuning.heartbeatIntervalMs,
    maxWaitTimeInMs: options.maxWaitTimeMs ?? deps.tuning.maxWaitTimeMs,
    allowAutoTopicCreation: true,
  });
  const committer = new OffsetCommitter(consumer, deps.logger);
  let assignment: number[] = [];
  const pipeline =
    group && depth > 1
      ? new PipelinedBatches(
          committer,
          { ...context, signal: abort.signal },
          depth,
          deps.tuning.heartbeatIntervalMs,
          board,
        )
      : undefined;
  consumer.on(consumer.events.GROUP_JOIN, (event) => {
    assignment = [...(event.payload.memberAssignment[topic] ?? [])].sort((a, b) => a - b);
    pipeline?.rejoined();
  });
  const start = async () => {
    await consumer.connect();
    await consumer.subscribe({ topics: [topic], fromBeginning: true });
    await consumer.run({
      autoCommit: false,
      eachBatchAutoResolve: false,
      partitionsConsumedConcurrently: options.partitionsConsumedConcurrently ?? 1,
      eachBatch: (payload) =>
        pipeline
          ? pipeline.handle(payload)
          : handleKafkaBatch(committer, payload, { ...context, signal: abort.signal }, deps.tuning, board),
    });
  };
  const restarter = new ConsumerRestarter(consumer, { topic, groupId }, deps.logger, start, deps.restart);
  try {
    await start();
  } catch (error) {
    stopWatching();
    await restarter.stop();
    tracker.stopped();
    await consumer.disconnect().catch(() => undefined);
    throw error;
  }

  let stopping: Promise<void> | undefined;
  return {
    caughtUp: tracker.promise,
    catchUp: (timeoutMs) => head.catchUp(timeoutMs),
    assignedPartitions: () => [...assignment],
    lag: async () => {
      const ends = await fetchEnds();
      // A member knows its own batches only; the group's commits are the broker's (kafka-exporter reads the same).
      const committed = group ? await committedOffsets(deps.admin, groupId, topic) : undefined;
      return assignment.map((partition) => {
        const position = committed ? (committed.get(partition) ?? 0) : board.position(partition);
        return { partition, lag: Math.max(0, (ends.get(partition) ?? 0) - position) };
      });
    },
    stalled: () => restarter.stalled(),
    stop: () =>
      (stopping ??= (async () => {
        const timer = setTimeout(() => abort.abort(), options.stopTimeoutMs ?? 30_000);
        try {
          await restarter.stop();
          // Pipelined batches are committed by their lanes, which need the consumer still connected.
          await pipeline?.drain();
          await consumer.disconnect();
        } finally {
          clearTimeout(timer);
          stopWatching();
          assignment = [];
          tracker.stopped();
        }
      })()),
  };
}

async function committedOffsets(admin: Admin, groupId: string, topic: string): Promise<Map<number, number>> {
  const [offsets] = await admin.fetchOffsets({ groupId, topics: [topic] });
  return new Map((offsets?.partitions ?? []).map(({ partition, offset }) => [partition, Math.max(0, Number(offset))]));
}

async function handleKafkaBatch<V>(
  committer: OffsetCommitter,
  { batch, heartbeat, resolveOffset, isRunning, isStale }: EachBatchPayload,
  context: DispatchContext<V>,
  tuning: ConsumerTuning,
  board: ProgressBoard,
): Promise<void> {
  if (!isRunning() || isStale() || batch.isEmpty()) return;
  // The limit is per attempt: a batch retried through an outage is waiting, not stuck, and keeps its partition.
  let attemptStartedAt = Date.now();
  const keepAlive = setInterval(() => {
    if (Date.now() - attemptStartedAt < tuning.maxBatchDurationMs) heartbeat().catch(() => undefined);
  }, tuning.heartbeatIntervalMs);
  const onRetry = () => {
    attemptStartedAt = Date.now();
  };
  try {
    await dispatchBatch(
      { ...context, onRetry },
      batch.messages.map((message) => toRawMessage(batch.partition, message)),
    );
  } catch (error) {
    if (error instanceof BatchAbandonedError) return;
    context.logger.error(
      { topic: batch.topic, partition: batch.partition, firstOffset: batch.firstOffset(), err: errorText(error) },
      'could not finish a batch (parking failed); it stays uncommitted',
    );
    throw error;
  } finally {
    clearInterval(keepAlive);
  }
  const next = Number(batch.lastOffset()) + 1;
  if (context.mode === 'group' && !(await committer.commit(batch.topic, batch.partition, next))) return;
  resolveOffset(batch.lastOffset());
  board.progress(batch.partition, next);
}
