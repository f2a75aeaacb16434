import type { TopicDef } from '@waymark/contracts';
import type { EventBus } from '../event-bus';
import { deadLetterTopicOf } from '../shared/dead-letter';
import { toReplay, whereParked } from './replay-dead-letters';

/** One dead letter as an operator sees it: where it is, where it came from, why, and whether it is valid now. */
export interface DeadLetterEntry extends ReturnType<typeof whereParked> {
  key: string;
  /** Whether the value passes the topic's schema (and derives its key) today: a replay would publish it. */
  validNow: boolean;
  invalidReason?: string;
}

/**
 * Reads every message in a topic's dead-letter topic, from the start, changing nothing (no offsets are committed,
 * so it includes messages an earlier replay has already published again). Resolves once it has read what was there
 * when it started.
 */
export async function listDeadLetters<V>(
  bus: EventBus,
  topic: TopicDef<V>,
  onEntry: (entry: DeadLetterEntry) => void,
): Promise<number> {
  let count = 0;
  const subscription = await bus.subscribe({
    topic: deadLetterTopicOf(topic),
    mode: 'broadcast',
    handleBatch: async (batch) => {
      for (const parked of batch) {
        const replay = toReplay(topic, parked);
        const invalidReason = typeof replay === 'string' ? replay : undefined;
        onEntry({
          ...whereParked(parked),
          key: parked.key,
          validNow: invalidReason === undefined,
          ...(invalidReason ? { invalidReason } : {}),
        });
        count += 1;
      }
    },
  });
  try {
    await subscription.caughtUp;
  } finally {
    await subscription.stop();
  }
  return count;
}
