import type { ZodType } from 'zod';

/** The six services; used to declare who produces and consumes each topic. */
export type ServiceName =
  'link-api' | 'redirector' | 'analytics-ingest' | 'notifier' | 'gs1-catalog' | 'export-renderer';

/**
 * A topic's declaration. Producers parse with `schema` before sending; consumers parse before acting.
 * A `null` value is a tombstone (only meaningful on compacted topics).
 */
export interface TopicDef<V> {
  readonly name: string;
  readonly schema: ZodType<V>;
  /** Kafka cleanup.policy=compact: the latest value per key is the state. */
  readonly compacted: boolean;
  readonly partitions: number;
  /** How a key is derived from a value; producers must use it so ordering per entity holds. */
  readonly keyOf: (value: V) => string;
  readonly producers: readonly ServiceName[];
  readonly consumers: readonly ServiceName[];
  readonly description: string;
}

/** Dead-letter topic for a consumer group of a topic: messages that fail validation or keep failing. */
export function deadLetterTopicName(topic: string): string {
  return `${topic}.dlq`;
}
