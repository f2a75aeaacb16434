import type { ExportRequested, ExportStatusEvent } from '@waymark/contracts';
import type { RenderRecord } from '../../artwork/domain/render-record-schema';

/** How a job handed to this renderer ended. */
export type RenderOutcome = 'ready' | 'failed' | 'skipped' | 'error';

/** Told how each job ended and how long it took (metrics). */
export type RecordRender = (outcome: RenderOutcome, seconds: number) => void;

/**
 * The job's records as gs1-catalog snapshotted them, validated (they arrive from outside this process). Rejects
 * with the object store's ObjectNotFoundError when the snapshot is gone, and with a SyntaxError or ZodError when it
 * is invalid.
 */
export type SnapshotReader = (snapshotKey: string, jobId: string) => Promise<RenderRecord[]>;

export type JobStatusOutcome = Pick<
  ExportStatusEvent,
  'status' | 'done' | 'total' | 'count' | 'sizeBytes' | 'objectKey' | 'error'
>;

/**
 * Reports one job's progress on exports.status.v1. While rendering, the latest progress is re-sent every
 * `heartbeatMs`: that is the heartbeat that keeps the job's lease in gs1-catalog, so a renderer that dies stops it.
 */
export interface JobStatusReporter {
  start(total: number, heartbeatMs: number): Promise<void>;
  update(done: number, total: number): void;
  /** Stops the heartbeat and reports the outcome (ready or failed). */
  finish(outcome: JobStatusOutcome): Promise<void>;
  stop(): void;
}

export type JobStatusReporters = (job: Pick<ExportRequested, 'jobId' | 'tenantId'>) => JobStatusReporter;
