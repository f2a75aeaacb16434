import { exportsStatusTopic, type ExportStatusEvent } from '@waymark/contracts';
import type { EventBus, Subscription } from '@waymark/events';

/** gs1-catalog's consumer group on exports.status.v1: instances share the partitions; each event is applied once. */
export function subscribeExportStatus(
  bus: EventBus,
  apply: (event: ExportStatusEvent) => Promise<void>,
  groupId: string,
  dependenciesReady: () => Promise<boolean>,
): Promise<Subscription> {
  return bus.subscribe({
    topic: exportsStatusTopic,
    mode: 'group',
    groupId,
    dependenciesReady,
    async handleBatch(messages) {
      // In order: the reports of one job share a partition and must apply in the order they were sent.
      for (const message of messages) if (message.value !== null) await apply(message.value);
    },
  });
}
