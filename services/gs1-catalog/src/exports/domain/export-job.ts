import type { ExportStatus, ExportStatusEvent, Gs1ExportOptions } from '@waymark/contracts';

/** An export job as gs1-catalog keeps it (spec 2.7). */
export interface ExportJobRecord {
  id: string;
  tenantId: string;
  name: string;
  status: ExportStatus;
  options: Gs1ExportOptions;
  snapshotKey: string;
  objectKey: string | null;
  /** Records in the snapshot (after the 5000 cap). */
  selected: number;
  count: number | null;
  sizeBytes: number | null;
  truncated: boolean;
  error: string | null;
  progress: { done: number; total: number } | null;
  attempts: number;
  /** A pending or rendering job whose lease has passed is presumed abandoned by its renderer. */
  leaseUntil: Date;
  rendererId: string | null;
  createdAt: Date;
  finishedAt: Date | null;
}

export interface LeasePolicy {
  /** How long a job may wait in the queue before it is handed out again. */
  pendingTimeoutMs: number;
  /** How long a renderer's last heartbeat (status event) keeps the job its own. */
  renderingLeaseMs: number;
  /** Hand-outs of one job before it is failed. */
  maxAttempts: number;
}

const isFinal = (status: ExportStatus) => status === 'ready' || status === 'failed';

/**
 * Spec 3.2 applied to a renderer's report: pending or rendering move to rendering (progress, lease extended),
 * ready or failed; a finished job never changes again (a late or duplicate report is ignored: null).
 */
export function applyStatusEvent(
  job: ExportJobRecord,
  event: ExportStatusEvent,
  now: Date,
  policy: LeasePolicy,
): ExportJobRecord | null {
  if (isFinal(job.status)) return null;
  const progress = { done: event.done, total: event.total };
  if (event.status === 'rendering') {
    return {
      ...job,
      status: 'rendering',
      progress,
      rendererId: event.rendererId,
      leaseUntil: new Date(now.getTime() + policy.renderingLeaseMs),
    };
  }
  if (event.status === 'ready') {
    return {
      ...job,
      status: 'ready',
      progress,
      count: event.count ?? event.done,
      sizeBytes: event.sizeBytes ?? null,
      objectKey: event.objectKey ?? null,
      rendererId: event.rendererId,
      finishedAt: now,
    };
  }
  return {
    ...job,
    status: 'failed',
    progress,
    error: event.error ?? 'rendering failed',
    rendererId: event.rendererId,
    finishedAt: now,
  };
}

/**
 * A job whose lease passed: handed out again (back to pending, attempts + 1) until maxAttempts, then failed, so a job
 * never stays pending or rendering forever.
 */
export function expireLease(job: ExportJobRecord, now: Date, policy: LeasePolicy): ExportJobRecord {
  if (job.attempts >= policy.maxAttempts) {
    const error = `no renderer finished the job after ${job.attempts} attempt${job.attempts === 1 ? '' : 's'}`;
    return { ...job, status: 'failed', error, finishedAt: now };
  }
  return {
    ...job,
    status: 'pending',
    attempts: job.attempts + 1,
    progress: null,
    rendererId: null,
    leaseUntil: new Date(now.getTime() + policy.pendingTimeoutMs),
  };
}

/** Object-store keys of a job: everything under one prefix, which the 30-day lifecycle rule covers. */
export const EXPORTS_PREFIX = 'exports/';
export const snapshotKeyOf = (tenantId: string, jobId: string) => `${EXPORTS_PREFIX}${tenantId}/${jobId}/snapshot.json`;
