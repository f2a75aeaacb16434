import { linksTopic } from '@waymark/contracts';
import { READ_MODEL_FETCH_WAIT_MS, type EventBus, type Subscription } from '@waymark/events';
import type { LinkStateRecord } from '../app/apply-link-states';

export interface LinksConsumerOptions {
  bus: EventBus;
  groupId: string;
  onLinks(records: LinkStateRecord[]): Promise<void>;
  /** The database check: a batch that fails while it fails is retried until the database is back, never parked. */
  dependenciesReady: () => Promise<boolean>;
}

/**
 * The links.v1 group subscription feeding the link reference read model. Offsets are committed only after a batch
 * was applied, and applying the same records again changes nothing, so a redelivered batch is harmless.
 */
export function startLinksConsumer(options: LinksConsumerOptions): Promise<Subscription> {
  return options.bus.subscribe({
    topic: linksTopic,
    mode: 'group',
    groupId: options.groupId,
    dependenciesReady: options.dependenciesReady,
    maxWaitTimeMs: READ_MODEL_FETCH_WAIT_MS,
    handleBatch: (messages) =>
      options.onLinks(messages.map((m) => ({ key: m.key, value: m.value, timestamp: m.timestamp }))),
  });
}
