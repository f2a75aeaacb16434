import type { IHeaders, KafkaMessage } from 'kafkajs';
import type { RawMessage } from '../shared/dispatch';

export function toRawMessage(partition: number, message: KafkaMessage): RawMessage {
  const bytes = message.value;
  let text: string | undefined;
  return {
    partition,
    offset: message.offset,
    key: message.key?.toString('utf8') ?? '',
    // Decoded on first use: a message its subscriber skips by its headers (skipUndecoded) never becomes text.
    get value() {
      if (bytes === null) return null;
      return (text ??= bytes.toString('utf8'));
    },
    headers: headersToStrings(message.headers),
    timestamp: Number(message.timestamp),
  };
}

/** Kafka headers are bytes and may repeat; the bus's contract is one string per name (the last one wins). */
function headersToStrings(headers: IHeaders | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    const last = Array.isArray(value) ? value.at(-1) : value;
    if (last !== undefined) result[name] = last.toString();
  }
  return result;
}
