import { clicksTopic, type ClickFact } from '@waymark/contracts';
import type { EventBus, Subscription } from '@waymark/events';
import { latestClicks } from '../domain/last-clicks';
import type { LastClickWriter } from './last-click.writer';

/**
 * Keeps `lastClickAt` of links from clicks.v1. Instances share a consumer group; each batch is reduced to the newest
 * click per link and written in one statement that only moves the time forward, so at-least-once delivery
 * (redelivery after a crash or rebalance, any order across batches) converges to the same value.
 */
export function startClicksConsumer(
  bus: EventBus,
  writer: LastClickWriter,
  groupId: string,
  dependenciesReady: () => Promise<boolean>,
): Promise<Subscription> {
  return bus.subscribe({
    topic: clicksTopic,
    mode: 'group',
    groupId,
    dependenciesReady,
    // Batches of different partitions are written side by side: clicks.v1 is keyed by link, so two partitions never
    // update the same row, and one batch's round trips no longer hold back the others (each still commits in order).
    partitionsConsumedConcurrently: 4,
    handleBatch: async (messages) => {
      const facts = messages.map((m) => m.value).filter((v): v is ClickFact => v !== null);
      await writer.record(latestClicks(facts));
    },
  });
}
