import { linksTopic } from '@waymark/contracts';
import { READ_MODEL_FETCH_WAIT_MS, type EventBus, type FreshReads, type Subscription } from '@waymark/events';
import { normalizeKey, toLinkEntry } from '../../shared-kernel/link-entry';
import type { LinkStore } from '../app/links-ports';

/**
 * links.v1 into the link store, every instance reading every partition (broadcast). Each change makes `fresh` forget
 * its key, so a miss on that key catches up again. `sharedTierReady` (the Redis check, when links live there too):
 * while it fails, a batch that fails is retried until Redis is back rather than skipped.
 */
export function subscribeLinks(
  bus: EventBus,
  links: LinkStore,
  fresh: FreshReads,
  groupId: string,
  sharedTierReady?: () => Promise<boolean>,
): Promise<Subscription> {
  return bus.subscribe({
    topic: linksTopic,
    mode: 'broadcast',
    groupId: `${groupId}.links`,
    maxWaitTimeMs: READ_MODEL_FETCH_WAIT_MS,
    ...(sharedTierReady ? { dependenciesReady: sharedTierReady } : {}),
    handleBatch: async (messages) => {
      // Applies to the shared tier are pipelined per batch; per key, the tier itself keeps the newest offset.
      const pending: Promise<void>[] = [];
      for (const message of messages) {
        const position = { partition: message.partition, offset: message.offset };
        const key = normalizeKey(message.key);
        fresh.forget(key);
        const applied = links.apply(key, message.value === null ? null : toLinkEntry(message.value), position);
        if (applied instanceof Promise) pending.push(applied);
      }
      await Promise.all(pending);
    },
  });
}
