import { z } from 'zod';
import { deadLetterTopicName, type TopicDef } from '@waymark/contracts';

/** Headers a parked message carries, naming where it came from and why it was parked. */
export const DEAD_LETTER_HEADERS = {
  topic: 'dlq-original-topic',
  partition: 'dlq-original-partition',
  offset: 'dlq-original-offset',
  group: 'dlq-group',
  error: 'dlq-error',
  parkedAt: 'dlq-parked-at',
} as const;

export interface DeadLetterOrigin {
  topic: string;
  partition: number;
  offset: string;
  groupId: string;
}

export function deadLetterHeaders(origin: DeadLetterOrigin, error: string, original: Record<string, string>) {
  return {
    ...original,
    [DEAD_LETTER_HEADERS.topic]: origin.topic,
    [DEAD_LETTER_HEADERS.partition]: String(origin.partition),
    [DEAD_LETTER_HEADERS.offset]: origin.offset,
    [DEAD_LETTER_HEADERS.group]: origin.groupId,
    // Headers travel in every fetch; a long stack or zod report is cut to keep them small.
    [DEAD_LETTER_HEADERS.error]: error.slice(0, 2000),
    [DEAD_LETTER_HEADERS.parkedAt]: new Date().toISOString(),
  };
}

/**
 * A topic declaration for reading a dead-letter topic (operators' tools, tests): values are kept as they were,
 * so any JSON value is accepted.
 */
export function deadLetterTopicOf(topic: Pick<TopicDef<unknown>, 'name' | 'partitions'>): TopicDef<unknown> {
  return {
    name: deadLetterTopicName(topic.name),
    schema: z.unknown(),
    compacted: false,
    partitions: topic.partitions,
    keyOf: () => '',
    producers: [],
    consumers: [],
    description: `Messages of ${topic.name} that failed validation or kept failing, with their origin in headers.`,
  };
}

export function errorText(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
