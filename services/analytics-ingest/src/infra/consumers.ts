import { clicksTopic, linksTopic, type ClickFact } from '@waymark/contracts';
import { READ_MODEL_FETCH_WAIT_MS, type EventBus, type Subscription } from '@waymark/events';
import type { LinkStateRecord } from '../app/apply-link-states';

export interface ConsumerOptions {
  bus: EventBus;
  clicksGroup: string;
  /** Partitions of clicks.v1 whose batches are handled at once (their batches are coalesced by the caller). */
  clicksConcurrency: number;
  /** Batches of one partition in hand at once (see SubscribeOptions.batchesInFlight). */
  clicksBatchesInFlight: number;
  linksGroup: string;
  onClicks(clicks: ClickFact[]): Promise<unknown>;
  onLinks(records: LinkStateRecord[]): Promise<void>;
  /** The database check: a batch that fails while it fails is retried until the database is back, never parked. */
  dependenciesReady: () => Promise<boolean>;
}

/**
 * The service's two group subscriptions. Offsets are committed only after a batch's statement committed, and the
 * statement skips stored events, so a redelivered batch is harmless.
 */
export async function startConsumers(options: ConsumerOptions): Promise<Subscription[]> {
  const links = await options.bus.subscribe({
    topic: linksTopic,
    mode: 'group',
    groupId: options.linksGroup,
    dependenciesReady: options.dependenciesReady,
    maxWaitTimeMs: READ_MODEL_FETCH_WAIT_MS,
    handleBatch: (messages) =>
      options.onLinks(messages.map((m) => ({ key: m.key, value: m.value, timestamp: m.timestamp }))),
  });
  const clicks = await options.bus.subscribe({
    topic: clicksTopic,
    mode: 'group',
    groupId: options.clicksGroup,
    dependenciesReady: options.dependenciesReady,
    partitionsConsumedConcurrently: options.clicksConcurrency,
    batchesInFlight: options.clicksBatchesInFlight,
    handleBatch: async (messages) => {
      await options.onClicks(messages.flatMap((m) => (m.value ? [m.value] : [])));
    },
  });
  return [links, clicks];
}
