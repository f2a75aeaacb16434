import type { TopicDef } from '@waymark/contracts';
import type { OutgoingMessage } from '../event-bus';

export const EVENT_ID_HEADER = 'event-id';

/** A message as it travels: key, JSON text (null for a tombstone) and string headers. */
export interface EncodedMessage {
  key: string;
  value: string | null;
  headers: Record<string, string>;
}

export class InvalidEventError extends Error {
  readonly code = 'invalid_event';
}

/**
 * Parses every value with the topic's schema before anything is sent (one bad value rejects the whole call),
 * checks the key is the one the topic derives from the value (ordering per entity depends on it), and copies
 * the value's `eventId` into the `event-id` header so consumers and the dead-letter topic can see it unparsed.
 */
export function encodeOutgoing<V>(topic: TopicDef<V>, messages: OutgoingMessage<V>[]): EncodedMessage[] {
  return messages.map((message, index) => {
    const headers = { ...message.headers };
    if (message.value === null) return { key: message.key, value: null, headers };
    const parsed = topic.schema.safeParse(message.value);
    if (!parsed.success) {
      throw new InvalidEventError(`message ${index} for ${topic.name} fails its schema: ${parsed.error.message}`);
    }
    const expectedKey = topic.keyOf(parsed.data);
    if (expectedKey !== message.key) {
      throw new InvalidEventError(
        `message ${index} for ${topic.name} has key "${message.key}" but the topic derives "${expectedKey}"`,
      );
    }
    const eventId = eventIdOf(parsed.data);
    if (eventId !== undefined) headers[EVENT_ID_HEADER] = eventId;
    return { key: message.key, value: JSON.stringify(parsed.data), headers };
  });
}

function eventIdOf(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || !('eventId' in value)) return undefined;
  const id = (value as { eventId: unknown }).eventId;
  return typeof id === 'string' ? id : undefined;
}

export type DecodeResult<V> = { ok: true; value: V | null } | { ok: false; error: string };

/** Parses a received value (JSON text) against the subscriber's topic schema; a null value is a tombstone. */
export function decodeIncoming<V>(topic: TopicDef<V>, raw: string | null): DecodeResult<V> {
  if (raw === null) return { ok: true, value: null };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (error) {
    return { ok: false, error: `value is not JSON: ${(error as Error).message}` };
  }
  const parsed = topic.schema.safeParse(json);
  if (!parsed.success) return { ok: false, error: `value fails the ${topic.name} schema: ${parsed.error.message}` };
  return { ok: true, value: parsed.data };
}
