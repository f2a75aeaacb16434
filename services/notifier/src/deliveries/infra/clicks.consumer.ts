import { CLICK_CHANNELS, CLICK_CHANNELS_HEADER, clicksTopic } from '@waymark/contracts';
import type { EventBus, Subscription } from '@waymark/events';
import { isTraceParent, TRACEPARENT_HEADER } from '@waymark/tracing';
import type { ReceivedClick } from '../app/fan-out-clicks';

/**
 * Reads clicks.v1 in a consumer group (instances split the partitions), skipping unread the clicks whose
 * CLICK_CHANNELS_HEADER says they name no channel. Offsets are committed after the batch's
 * deliveries are in the schedule, so a crash before that redelivers the batch, and the unique (channel, event)
 * key makes the repeat a no-op.
 */
export function subscribeClicks(
  bus: EventBus,
  groupId: string,
  handle: (clicks: ReceivedClick[]) => Promise<void>,
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
    // Most clicks name no channel: their header says so, and they are committed unread. A click without the header
    // (an older redirector) is decoded, and fanOutClicks drops it if it names none.
    skipUndecoded: ({ headers }) => headers[CLICK_CHANNELS_HEADER] === CLICK_CHANNELS.none,
    handleBatch: async (messages) => {
      const clicks = messages.flatMap((m) => {
        if (m.value === null) return [];
        const traceParent = m.headers[TRACEPARENT_HEADER];
        return [{ fact: m.value, traceParent: isTraceParent(traceParent) ? traceParent : undefined }];
      });
      if (clicks.length > 0) await handle(clicks);
    },
  });
}
