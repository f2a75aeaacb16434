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
  /** Attempts of one batch before its messages are dead-lettered one by one. Default 5. */
  maxAttempts?: number;
}

export interface Subscription {
  /** Resolves once every message that existed at subscribe time has been handled (broadcast and group). */
  readonly caughtUp: Promise<void>;
  /** Stops fetching, lets the batch in hand finish, commits its offsets. */
  stop(): Promise<void>;
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
