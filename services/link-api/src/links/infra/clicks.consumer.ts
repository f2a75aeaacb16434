import { clicksTopic, type ClickFact } from '@waymark/contracts';
import { BatchCoalescer, type EventBus, type Subscription } from '@waymark/events';
import { latestClicks, newestPerLink, type LastClick } from '../domain/last-clicks';
import type { LastClickWriter } from './last-click.writer';

/** Links a merged write takes at most: one statement's arrays stay a few hundred kilobytes. */
const MAX_LINKS_PER_WRITE = 5_000;
/**
 * Batches of one partition in hand at once: a partition's next fetch goes out while its last batch waits for a write,
 * so the group's pace is not one fetch round trip plus one write per partition batch (a broker may hand out one
 * record batch per partition a fetch; librdkafka's mock does). Their offsets are still committed in order.
 */
const BATCHES_IN_FLIGHT = 4;

/**
 * Keeps `lastClickAt` of links from clicks.v1. Instances share a consumer group; each batch is reduced to the newest
 * click per link, and batches that arrive while a write runs are merged into the next one, which only moves the time
 * forward, so at-least-once delivery (redelivery after a crash or rebalance, any order across batches) converges to
 * the same value. A batch's offsets are committed once the write that carried it committed.
 */
export function startClicksConsumer(
  bus: EventBus,
  writer: LastClickWriter,
  groupId: string,
  dependenciesReady: () => Promise<boolean>,
): Promise<Subscription> {
  const writes = new BatchCoalescer<LastClick>((clicks) => writer.record(newestPerLink(clicks)), MAX_LINKS_PER_WRITE);
  return bus.subscribe({
    topic: clicksTopic,
    mode: 'group',
    groupId,
    dependenciesReady,
    // Every partition's batches at once: clicks.v1 is keyed by link, so two partitions never update the same row, and
    // the batches that wait on one write become the next write (a broker's fetch holds a few records per partition).
    partitionsConsumedConcurrently: clicksTopic.partitions,
    batchesInFlight: BATCHES_IN_FLIGHT,
    handleBatch: async (messages) => {
      const facts = messages.map((m) => m.value).filter((v): v is ClickFact => v !== null);
      const clicks = latestClicks(facts);
      if (clicks.length > 0) await writes.submit(clicks);
    },
  });
}
