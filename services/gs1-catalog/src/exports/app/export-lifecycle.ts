import type { ExportStatusEvent } from '@waymark/contracts';
import type { Logger } from '@waymark/logging';
import { applyStatusEvent, expireLease } from '../domain/export-job';
import type { ExportDeps } from './export-ports';
import { removeObjects } from './export-queries';

/** Export jobs and zips expire after 30 days (spec 8). */
export const EXPORT_RETENTION_MS = 30 * 24 * 3_600_000;
const SWEEP_BATCH = 100;

/** A renderer's report on exports.status.v1, applied once per event. */
export function applyExportStatus(deps: Pick<ExportDeps, 'jobs' | 'clock' | 'lease'>) {
  return async (event: ExportStatusEvent): Promise<void> => {
    await deps.jobs.applyOnce(event.jobId, event.eventId, (job) =>
      job.tenantId === event.tenantId ? applyStatusEvent(job, event, deps.clock(), deps.lease) : null,
    );
  };
}

/**
 * One sweep: jobs whose renderer went silent are handed out again or failed; jobs older than 30 days are removed with
 * their objects (the bucket's lifecycle rule removes objects too; this also removes the rows and covers stores
 * without lifecycle support).
 */
export function sweepExports(deps: Pick<ExportDeps, 'jobs' | 'clock' | 'lease' | 'objectStore'>, logger: Logger) {
  return async (): Promise<{ expiredLeases: number; removed: number }> => {
    const now = deps.clock();
    const swept = await deps.jobs.sweepLeases(now, SWEEP_BATCH, (job) => expireLease(job, now, deps.lease));
    for (const job of swept)
      logger.warn({ jobId: job.id, status: job.status, attempts: job.attempts }, 'export job lease expired');
    const old = await deps.jobs.removeCreatedBefore(new Date(now.getTime() - EXPORT_RETENTION_MS), SWEEP_BATCH);
    for (const job of old) await removeObjects(deps, job);
    return { expiredLeases: swept.length, removed: old.length };
  };
}
