import { exportsRequestedTopic, type ExportRequested } from '@waymark/contracts';
import type { EventBus, Subscription } from '@waymark/events';
import { JobSlots } from '../app/job-slots';

export interface ExportJobsOptions {
  readonly groupId: string;
  /** Jobs rendered at once by this instance (JobSlots); their records share the render pool, tenants in turn. */
  readonly jobsAtOnce: number;
  /** The object store check: a job that fails while the store is down is retried once it is back, not dead-lettered. */
  readonly dependenciesReady: () => Promise<boolean>;
}

/**
 * The renderers share exports.requested.v1's partitions in one consumer group, so each job goes to one of them.
 * An instance renders several jobs at once: every partition it holds is read at once, and several batches of one
 * partition are in hand together, so a small job queued behind another tenant's heavy one starts without waiting
 * for it. Offsets are committed only once a job and every earlier one of its partition are done, so a renderer
 * killed mid-job leaves them to the next member.
 */
export function subscribeExportJobs(
  bus: EventBus,
  render: (job: ExportRequested) => Promise<void>,
  options: ExportJobsOptions,
): Promise<Subscription> {
  const slots = new JobSlots(options.jobsAtOnce);
  const renderInSlot = async (job: ExportRequested) => {
    const release = await slots.acquire(job.tenantId);
    try {
      await render(job);
    } finally {
      release();
    }
  };
  return bus.subscribe({
    topic: exportsRequestedTopic,
    mode: 'group',
    groupId: options.groupId,
    dependenciesReady: options.dependenciesReady,
    maxAttempts: 3,
    partitionsConsumedConcurrently: exportsRequestedTopic.partitions,
    batchesInFlight: options.jobsAtOnce * 2,
    async handleBatch(messages) {
      const jobs = messages.flatMap((m) => (m.value === null ? [] : [m.value]));
      const outcomes = await Promise.allSettled(jobs.map(renderInSlot));
      const failed = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
      if (failed) throw failed.reason;
    },
  });
}
