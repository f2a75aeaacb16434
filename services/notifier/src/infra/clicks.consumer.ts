import { clicksTopic, type ClickFact } from '@waymark/contracts';
import type { EventBus, Subscription } from '@waymark/events';

/**
 * Reads clicks.v1 in a consumer group (instances split the partitions). Offsets are committed after the batch's
 * deliveries are in the schedule, so a crash before that redelivers the batch, and the unique (channel, event)
 * key makes the repeat a no-op.
 */
export function subscribeClicks(
  bus: EventBus,
  groupId: string,
  handle: (facts: ClickFact[]) => Promise<void>,
  /** The database check: a batch that fails while it fails is retried until the database is back, never parked. */
  dependenciesReady: () => Promise<boolean>,
): Promise<Subscription> {
  return bus.subscribe({
    topic: clicksTopic,
    mode: 'group',
    groupId,
    dependenciesReady,
    // Batches of different partitions are scheduled side by side: one partition's insert round trip must not hold
    // back the others (each partition still commits in order after its own batch).
    partitionsConsumedConcurrently: 4,
    handleBatch: async (messages) => {
      const facts = messages.flatMap((m) => (m.value === null ? [] : [m.value]));
      if (facts.length > 0) await handle(facts);
    },
  });
}
