import { randomUUID } from 'node:crypto';
import type { TopicDef } from '@waymark/contracts';
import { EVENT_ID_HEADER } from '@waymark/events';
import { isTracingOn, traceParentOf } from '@waymark/tracing';
import type { SqlTransaction } from './sql-transaction';

/** A value and its optional key (it must equal `topic.keyOf(value)`), or a tombstone, which needs its key. */
export type EnqueueMessage<V> =
  | { key?: string; value: V; headers?: Record<string, string> }
  | { key: string; value: null; headers?: Record<string, string> };

export interface EnqueuedEvent {
  eventId: string;
  key: string;
}

/** Two-key advisory lock namespace ('outb') for per-key enqueue locks; apart from Prisma's one-key migrate lock. */
const KEY_LOCK_NAMESPACE = 0x6f757462;

/**
 * Adds events to the outbox inside the caller's transaction, so they are published if and only if it commits.
 * Each value is parsed with the topic's schema first (the parsed value is what gets published); the event id is the
 * value's `eventId`, or a fresh UUID for a tombstone. Call it after writing the entity the event describes: a
 * transaction-scoped lock per key makes outbox ids of one key follow commit order, so the relay publishes them in order.
 */
export async function enqueue<V>(
  tx: SqlTransaction,
  topic: TopicDef<V>,
  messages: EnqueueMessage<NoInfer<V>>[],
): Promise<EnqueuedEvent[]> {
  if (messages.length === 0) return [];
  const rows = messages.map((message) => toRow(topic, message));
  const keys = JSON.stringify([...new Set(rows.map((row) => `${topic.name} ${row.key}`))]);
  // Locks are taken in hash order so two transactions enqueueing the same keys cannot deadlock each other.
  await tx.$executeRawUnsafe(
    `SELECT pg_advisory_xact_lock(${KEY_LOCK_NAMESPACE}, h)
       FROM (SELECT DISTINCT hashtext(k) AS h FROM jsonb_array_elements_text($1::jsonb) AS k ORDER BY h) AS keys`,
    keys,
  );
  await tx.$executeRawUnsafe(
    `INSERT INTO "outbox" ("event_id", "topic", "key", "value", "headers", "trace_parent")
     SELECT e->>'eventId', $1, e->>'key', NULLIF(e->'value', 'null'::jsonb), e->'headers', $3
       FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS t(e, n) ORDER BY n`,
    topic.name,
    JSON.stringify(rows),
    // The caller's trace (its request's span), so the relay publishes these events in it; NULL when untraced.
    isTracingOn() ? (traceParentOf() ?? null) : null,
  );
  return rows.map(({ eventId, key }) => ({ eventId, key }));
}

interface OutboxRow {
  eventId: string;
  key: string;
  value: unknown;
  headers: Record<string, string>;
}

function toRow<V>(topic: TopicDef<V>, message: EnqueueMessage<V>): OutboxRow {
  if (message.value === null) {
    if (message.key === undefined) throw new Error(`a tombstone on ${topic.name} needs its key`);
    const eventId = randomUUID();
    return { eventId, key: message.key, value: null, headers: { ...message.headers, [EVENT_ID_HEADER]: eventId } };
  }
  const value = topic.schema.parse(message.value);
  const key = topic.keyOf(value);
  if (message.key !== undefined && message.key !== key) {
    throw new Error(`outbox message for ${topic.name} has key ${message.key} but its value's key is ${key}`);
  }
  const eventId = eventIdOf(value) ?? randomUUID();
  return { eventId, key, value, headers: { ...message.headers, [EVENT_ID_HEADER]: eventId } };
}

function eventIdOf(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const eventId = (value as { eventId?: unknown }).eventId;
  return typeof eventId === 'string' && eventId.length > 0 ? eventId : undefined;
}
