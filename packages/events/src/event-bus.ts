import type { TopicDef } from '@waymark/contracts';

export interface OutgoingMessage<V> {
  key: string;
  /** null publishes a tombstone. */
  value: V | null;
  headers?: Record<string, string>;
}

export interface IncomingMessage<V> {
  topic: string;
  partition: number;
  offset: string;
  key: string;
  value: V | null;
  headers: Record<string, string>;
  /** Epoch ms at which the message was appended. */
  timestamp: number;
}

/** What a subscriber's skipUndecoded sees of a message: its key and headers, the value still undecoded. */
export interface UndecodedMessage {
  readonly key: string;
  readonly headers: Readonly<Record<string, string>>;
}

export interface SubscribeOptions<V> {
  topic: TopicDef<V>;
  /**
   * `group`: the topic's partitions are split among every subscriber with the same groupId; offsets are committed
   * after handleBatch resolves, so work that was handed out but not finished is redelivered (at least once).
   * `broadcast`: this subscriber alone reads every partition from the start (a read model rebuilt from a compacted
   * topic); nothing is committed.
   */
  mode: 'group' | 'broadcast';
  groupId?: string;
  /** Called with messages already validated against topic.schema; invalid ones went to the dead-letter topic. */
  handleBatch(messages: IncomingMessage<V>[]): Promise<void>;
  /**
   * Looks at a message's key and headers before its value is decoded: true skips it (it is neither validated nor
   * handed to handleBatch, and its offset is committed with its batch as if it had been handled). For a subscriber
   * that a header tells it has nothing to do for most messages (the notifier and clicks that name no channel), so
   * those cost no parse. A message the predicate cannot judge (the header is missing) must be kept.
   */
  skipUndecoded?: (message: UndecodedMessage) => boolean;
  /**
   * Attempts of one batch (with exponential backoff) before its messages are retried one by one, each with the same
   * number of attempts, to isolate the poison message; what still fails is dead-lettered. Default 5. A failure
   * during an outage does not count: see dependenciesReady.
   */
  maxAttempts?: number;
  /**
   * The subscriber's own dependency check (its readiness check: a database ping and the like). When the handler
   * fails and this resolves false (or throws, or takes over 5 s), the failure is an outage, not the messages' fault:
   * the batch is retried, with backoff, until the handler succeeds, and nothing is dead-lettered or skipped. Errors
   * that show an outage by themselves (refused or reset connections, PostgreSQL shutting down, Prisma's
   * "can't reach database", TransientFailureError) are treated so without it. Meanwhile the partition waits.
   */
  dependenciesReady?: () => Promise<boolean>;
  /**
   * How long stop() waits for the batch in hand. After that the batch is abandoned uncommitted, so whoever gets
   * the partition next receives it again (at least once). Default 30 000.
   */
  stopTimeoutMs?: number;
  /**
   * Kafka only: how many of the subscription's assigned partitions may have a batch in handleBatch at the same time
   * (kafkajs `partitionsConsumedConcurrently`). Each partition still sees its batches in order, one at a time, and
   * its offsets are still committed only after its own batch was handled. Default 1; the in-process bus always
   * handles one partition at a time.
   */
  partitionsConsumedConcurrently?: number;
  /**
   * Kafka, group mode only: how many batches of one partition may be in handleBatch at the same time (default 1).
   * Above 1 a partition's next batch is handed out while earlier ones are still being handled; offsets are still
   * committed in order, each only once its batch and every earlier one were handled. For handlers that merge
   * concurrent batches into bigger writes; the handler must cope with batches of one partition overlapping.
   */
  batchesInFlight?: number;
  /**
   * Kafka only: the longest one fetch of this subscription waits on an idle broker (default: the bus's consumer
   * setting). Read models that answer requests after a catch-up use READ_MODEL_FETCH_WAIT_MS, so a change reaches
   * them within a fetch even from a broker that does not answer a waiting fetch as soon as data arrives.
   */
  maxWaitTimeMs?: number;
}

/** The fetch wait of read-model subscriptions (see SubscribeOptions.maxWaitTimeMs). */
export const READ_MODEL_FETCH_WAIT_MS = 100;

export interface Subscription {
  /**
   * Resolves once every message that existed at subscribe time (the high-water marks then) has been handled:
   * in broadcast mode by this subscriber, in group mode by the group (its committed offsets reached them).
   * Rejects if the subscription stops first.
   */
  readonly caughtUp: Promise<void>;
  /**
   * Resolves once everything the topic held when this was called has been handled: in broadcast mode by this
   * subscriber, in group mode by the group. For read models that must not answer "missing" while an acknowledged
   * write is still on its way. Concurrent calls share look-ups of the topic's end (see HeadCatchUp); past
   * `timeoutMs` it rejects with CatchUpTimeoutError, a transient failure (503 at the API).
   */
  catchUp(timeoutMs: number): Promise<void>;
  /** Stops fetching, lets the batch in hand finish, commits its offsets. */
  stop(): Promise<void>;
  /** Partitions this subscriber currently reads (all of them in broadcast mode); for logs and readiness. */
  assignedPartitions(): number[];
  /**
   * Messages of each partition this subscriber reads that are not handled yet: the topic's end offset minus the
   * group's committed offset (group mode) or this subscriber's handled offset (broadcast). For metrics.
   */
  lag(): Promise<PartitionLag[]>;
}

export interface PartitionLag {
  partition: number;
  lag: number;
}

/** The event bus port: kafkajs in production, an in-process bus (log persisted in Postgres) when embedded. */
export interface EventBus {
  /** Validates every value against topic.schema before anything is sent; one invalid value rejects the call. */
  publish<V>(topic: TopicDef<V>, messages: OutgoingMessage<V>[]): Promise<void>;
  subscribe<V>(options: SubscribeOptions<V>): Promise<Subscription>;
  /** Liveness of the connection, for /readyz. */
  healthy(): Promise<boolean>;
  close(): Promise<void>;
}
