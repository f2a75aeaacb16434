import type { TopicDef } from '@waymark/contracts';
import type { EventBus, IncomingMessage, OutgoingMessage } from '../event-bus';
import type { BusLogger } from '../shared/bus-logger';
import { DEAD_LETTER_HEADERS, deadLetterTopicOf } from '../shared/dead-letter';

/** Names the dead-letter message a replayed message came from (`<partition>:<offset>` of `<topic>.dlq`). */
export const REPLAYED_FROM_HEADER = 'replayed-from-dlq';

export interface ReplayOptions<V> {
  bus: EventBus;
  topic: TopicDef<V>;
  /** Only messages parked by this consumer group; the others are left where they are. */
  parkedBy?: string;
  logger: BusLogger;
}

export interface ReplayReport {
  /** Dead-letter messages read. */
  read: number;
  /** Published again to the topic. */
  replayed: number;
  /** Still failing the topic's schema: not published (a replay cannot make them valid); logged with the reason. */
  stillInvalid: number;
  /** Parked by another group than `parkedBy`. */
  skipped: number;
}

/** Why a topic cannot be replayed, or undefined when it can. */
export function replayRefusal(topic: Pick<TopicDef<unknown>, 'name' | 'compacted'>): string | undefined {
  if (!topic.compacted) return undefined;
  return (
    `${topic.name} is compacted: a parked message is an old state of its key, and publishing it again would replace ` +
    'a newer state. Have the owning service publish the current state instead.'
  );
}

/** The consumer group that records how far replays of this topic's dead letters (with this filter) have got. */
export function replayGroupId(topicName: string, parkedBy?: string): string {
  return `waymark.dlq-replay.${topicName}${parkedBy === undefined ? '' : `.${parkedBy}`}`;
}

/**
 * Publishes a topic's dead letters back to the topic, once: after the bug that parked them is fixed, or for those
 * parked while the outage classifier did not recognise an outage. Reading is a consumer group of its own
 * (replayGroupId), so a message is replayed by one run only and a run interrupted midway resumes where it stopped;
 * the run ends when it has read everything that was in the dead-letter topic when it started.
 *
 * The replayed message goes to every consumer group of the topic, not only to the one that parked it: consumers are
 * idempotent (delivery is at least once everywhere), so a group that handled it before handles it as a repeat.
 * Values are checked against the topic's schema first; one that still fails is counted and logged, not published.
 */
export async function replayDeadLetters<V>(options: ReplayOptions<V>): Promise<ReplayReport> {
  const { bus, topic, parkedBy, logger } = options;
  const refusal = replayRefusal(topic);
  if (refusal) throw new Error(refusal);
  const report: ReplayReport = { read: 0, replayed: 0, stillInvalid: 0, skipped: 0 };
  const subscription = await bus.subscribe({
    topic: deadLetterTopicOf(topic),
    mode: 'group',
    groupId: replayGroupId(topic.name, parkedBy),
    // A publish that fails while the bus is down is an outage: retried until it succeeds, never parked again.
    dependenciesReady: () => bus.healthy(),
    handleBatch: async (batch) => {
      const outgoing: OutgoingMessage<V>[] = [];
      const counts = { read: batch.length, skipped: 0, stillInvalid: 0 };
      for (const parked of batch) {
        if (parkedBy !== undefined && parked.headers[DEAD_LETTER_HEADERS.group] !== parkedBy) {
          counts.skipped += 1;
          continue;
        }
        const replay = toReplay(topic, parked);
        if (typeof replay === 'string') {
          counts.stillInvalid += 1;
          logger.warn(
            { topic: topic.name, ...whereParked(parked), reason: replay },
            'dead letter still invalid; not replayed',
          );
        } else {
          outgoing.push(replay);
        }
      }
      // Published before the batch's offsets are committed: a crash in between replays these again (at least once).
      if (outgoing.length > 0) await bus.publish(topic, outgoing);
      report.read += counts.read;
      report.skipped += counts.skipped;
      report.stillInvalid += counts.stillInvalid;
      report.replayed += outgoing.length;
    },
  });
  try {
    await subscription.caughtUp;
  } finally {
    await subscription.stop();
  }
  logger.info({ topic: topic.name, parkedBy, ...report }, 'dead letters replayed');
  return report;
}

/** The message to publish again, or why there is none. */
export function toReplay<V>(topic: TopicDef<V>, parked: IncomingMessage<unknown>): OutgoingMessage<V> | string {
  const headers = Object.fromEntries(Object.entries(parked.headers).filter(([name]) => !name.startsWith('dlq-')));
  headers[REPLAYED_FROM_HEADER] = `${parked.partition}:${parked.offset}`;
  if (parked.value === null) return { key: parked.key, value: null, headers };
  const checked = topic.schema.safeParse(parked.value);
  if (!checked.success) return `fails the schema of ${topic.name}: ${checked.error.message}`;
  const key = topic.keyOf(checked.data);
  if (key !== parked.key) return `has key "${parked.key}" but ${topic.name} derives "${key}" from its value`;
  return { key, value: checked.data, headers };
}

/** Where a dead letter sits and where it came from, for logs and listings. */
export function whereParked(parked: IncomingMessage<unknown>) {
  return {
    deadLetter: `${parked.topic}:${parked.partition}:${parked.offset}`,
    parkedBy: parked.headers[DEAD_LETTER_HEADERS.group],
    parkedAt: parked.headers[DEAD_LETTER_HEADERS.parkedAt],
    origin: `${parked.headers[DEAD_LETTER_HEADERS.topic]}:${parked.headers[DEAD_LETTER_HEADERS.partition]}:${parked.headers[DEAD_LETTER_HEADERS.offset]}`,
    error: parked.headers[DEAD_LETTER_HEADERS.error],
  };
}
