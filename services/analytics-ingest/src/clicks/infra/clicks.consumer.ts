import { clicksTopic, type ClickFact } from '@waymark/contracts';
import type { EventBus, Subscription } from '@waymark/events';

export interface ClicksConsumerOptions {
  bus: EventBus;
  groupId: string;
  /** Partitions of clicks.v1 whose batches are handled at once (their batches are coalesced by the caller). */
  concurrency: number;
  /** Batches of one partition in hand at once (see SubscribeOptions.batchesInFlight). */
  batchesInFlight: number;
  onClicks(clicks: ClickFact[]): Promise<unknown>;
  /** The database check: a batch that fails while it fails is retried until the database is back, never parked. */
  dependenciesReady: () => Promise<boolean>;
}

/**
 * The clicks.v1 group subscription. Offsets are committed only after a batch's statement committed, and the
 * statement skips stored events, so a redelivered batch is harmless.
 */
export function startClicksConsumer(options: ClicksConsumerOptions): Promise<Subscription> {
  return options.bus.subscribe({
    topic: clicksTopic,
    mode: 'group',
    groupId: options.groupId,
    dependenciesReady: options.dependenciesReady,
    partitionsConsumedConcurrently: options.concurrency,
    batchesInFlight: options.batchesInFlight,
    handleBatch: async (messages) => {
      await options.onClicks(messages.flatMap((m) => (m.value ? [m.value] : [])));
    },
  });
}
