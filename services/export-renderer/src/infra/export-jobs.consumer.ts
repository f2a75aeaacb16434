import { exportsRequestedTopic, type ExportRequested } from '@waymark/contracts';
import type { EventBus, Subscription } from '@waymark/events';

/**
 * The renderers share exports.requested.v1's partitions in one consumer group, so each job goes to one of them.
 * Jobs are rendered one at a time per instance (each job already uses every core through the worker pool). The
 * offset is committed only after the job is done, so a renderer killed mid-job leaves it to the next member.
 */
export function subscribeExportJobs(
  bus: EventBus,
  render: (job: ExportRequested) => Promise<void>,
  groupId: string,
  /** The object store check: a job that fails while the store is down is retried once it is back, not dead-lettered. */
  dependenciesReady: () => Promise<boolean>,
): Promise<Subscription> {
  return bus.subscribe({
    topic: exportsRequestedTopic,
    mode: 'group',
    groupId,
    dependenciesReady,
    maxAttempts: 3,
    async handleBatch(messages) {
      for (const message of messages) if (message.value !== null) await render(message.value);
    },
  });
}
