import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { TopicDef } from '@waymark/contracts';
import { uniqueName } from '@waymark/testkit';
import type { BusLogger, IncomingMessage } from '../../src';

export const testEventSchema = z.object({
  version: z.literal(1),
  eventId: z.string().min(1),
  entity: z.string().min(1),
  seq: z.number().int().nonnegative(),
  label: z.string().optional(),
});
export type TestEvent = z.infer<typeof testEventSchema>;

/** Four partitions: the count the librdkafka mock gives auto-created topics. */
export function testTopic(prefix: string, compacted = false): TopicDef<TestEvent> {
  return {
    name: uniqueName(prefix),
    schema: testEventSchema,
    compacted,
    partitions: 4,
    keyOf: (value) => value.entity,
    producers: [],
    consumers: [],
    description: 'contract test topic',
  };
}

/** The same topic as an old or buggy producer sees it: anything goes, so invalid values reach the log. */
export function looseTwin(topic: TopicDef<TestEvent>): TopicDef<unknown> {
  return { ...topic, schema: z.unknown(), keyOf: (value) => String((value as { entity?: unknown }).entity) };
}

export function newEvent(entity: string, seq: number, label?: string): TestEvent {
  return { version: 1, eventId: randomUUID(), entity, seq, ...(label === undefined ? {} : { label }) };
}

export function messagesOf(events: TestEvent[]) {
  return events.map((value) => ({ key: value.entity, value }));
}

/** Records what a handler received, in order. */
export class Received<V = TestEvent> {
  readonly messages: IncomingMessage<V>[] = [];
  readonly handle = async (batch: IncomingMessage<V>[]): Promise<void> => {
    this.messages.push(...batch);
  };
  get count(): number {
    return this.messages.length;
  }
}

export interface LogEntry {
  level: 'debug' | 'info' | 'warn' | 'error';
  fields: Record<string, unknown>;
  message?: string;
}

/** A logger that keeps its entries, so tests can check what an operator would see. */
export class RecordingLogger implements BusLogger {
  readonly entries: LogEntry[] = [];
  debug(fields: object, message?: string) {
    this.entries.push({ level: 'debug', fields: fields as Record<string, unknown>, message });
  }
  info(fields: object, message?: string) {
    this.entries.push({ level: 'info', fields: fields as Record<string, unknown>, message });
  }
  warn(fields: object, message?: string) {
    this.entries.push({ level: 'warn', fields: fields as Record<string, unknown>, message });
  }
  error(fields: object, message?: string) {
    this.entries.push({ level: 'error', fields: fields as Record<string, unknown>, message });
  }
}
