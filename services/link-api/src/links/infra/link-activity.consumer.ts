import { linkActivityTopic, type LinkActivity } from '@waymark/contracts';
import { BatchCoalescer, type EventBus, type Subscription } from '@waymark/events';
import { lastClicksOf, newestPerLink, type LastClick } from '../domain/last-clicks';
import type { LastClickWriter } from './last-click.writer';

/** Links a merged write takes at most: one statement's arrays stay a few hundred kilobytes. */
const MAX_LINKS_PER_WRITE = 5_000;
/**
 * Batches of one partition in hand at once: a partition's next fetch goes out while its last batch waits for a write,
 * so the group's pace is not one fetch round trip plus one write per partition batch. Offsets are still committed in
 * order.
 */
const BATCHES_IN_FLIGHT = 4;

/**
 * Keeps `lastClickAt` of links from link-activity.v1, which analytics-ingest publishes at most once per link per
 * interval (so lastClickAt trails a click by that interval plus this group's lag). Instances share a consumer group;
 * batches that arrive while a write runs are merged into the next one, which only moves the time forward, so
 * at-least-once delivery (redelivery after a crash or rebalance, any order across batches) converges to the same
 * value. A batch's offsets are committed once the write that carried it committed.
 */
export function startLinkActivityConsumer(
  bus: EventBus,
  writer: LastClickWriter,
  groupId: string,
  dependenciesReady: () => Promise<boolean>,
): Promise<Subscription> {
  const writes = new BatchCoalescer<LastClick>((clicks) => writer.record(newestPerLink(clicks)), MAX_LINKS_PER_WRITE);
  return bus.subscribe({
    topic: linkActivityTopic,
    mode: 'group',
    groupId,
    dependenciesReady,
    // Keyed by link like links.v1: two partitions never update the same row, so every partition's batches may wait
    // on one write together and become the next write.
    partitionsConsumedConcurrently: linkActivityTopic.partitions,
    batchesInFlight: BATCHES_IN_FLIGHT,
    handleBatch: async (messages) => {
      const activity = messages.map((m) => m.value).filter((v): v is LinkActivity => v !== null);
      const clicks = lastClicksOf(activity);
      if (clicks.length > 0) await writes.submit(clicks);
    },
  });
}
