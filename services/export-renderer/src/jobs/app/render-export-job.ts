import { PassThrough } from 'node:stream';
import { jobBudgetIssue, type ExportRequested } from '@waymark/contracts';
import type { Logger } from '@waymark/logging';
import { ObjectNotFoundError, type ObjectStore } from '@waymark/objectstore';
import type { RecordRenderer } from '../../artwork/app/artwork-ports';
import { renderExport } from '../../artwork/app/render-export';
import { exportOptionsSchema } from '../../artwork/domain/export-options';
import type { JobStatusReporters, RecordRender, RenderOutcome, SnapshotReader } from './jobs-ports';

export interface RenderExportJobDeps {
  /** Where the zip goes (streamed). */
  objectStore: ObjectStore;
  logger: Logger;
  heartbeatMs: number;
  readSnapshot: SnapshotReader;
  reportStatus: JobStatusReporters;
  renderRecords: RecordRenderer;
  /** Told how each job ended and how long it took (metrics). */
  recordRender?: RecordRender;
}

/** Where a job's zip goes: beside its snapshot, under the prefix the 30-day lifecycle rule covers. */
export function zipKeyOf(job: Pick<ExportRequested, 'snapshotKey' | 'name'>): string {
  return `${job.snapshotKey.replace(/[^/]*$/, '')}${job.name}.zip`;
}

/**
 * Renders one job: reads its snapshot, renders the zip straight into the object store (a stream, never the whole
 * zip in memory) and reports rendering / ready. A job whose snapshot is gone is skipped; one whose snapshot is invalid can
 * never render and is reported failed; anything else (store or bus trouble) throws, so the message is retried and, failing that, the
 * job's lease in gs1-catalog hands it to another renderer.
 */
export async function renderExportJob(deps: RenderExportJobDeps, job: ExportRequested): Promise<void> {
  const started = performance.now();
  const record = (outcome: RenderOutcome) => deps.recordRender?.(outcome, (performance.now() - started) / 1000);
  try {
    record(await renderJobOnce(deps, job));
  } catch (error) {
    record('error');
    throw error;
  }
}

async function renderJobOnce(deps: RenderExportJobDeps, job: ExportRequested): Promise<RenderOutcome> {
  const reporter = deps.reportStatus(job);
  const log = deps.logger.child({ jobId: job.jobId });
  let records;
  try {
    records = await deps.readSnapshot(job.snapshotKey, job.jobId);
  } catch (err) {
    if (err instanceof ObjectNotFoundError) {
      // The job was deleted (or expired) meanwhile, or it belongs to another deployment's bucket: nothing to render,
      // and nothing to report (gs1-catalog ignores reports on jobs it no longer has; its lease covers the rest).
      log.info('export job has no snapshot (deleted?); skipped');
      return 'skipped';
    }
    if (!(err instanceof SyntaxError) && !isZodError(err)) throw err;
    log.warn({ err }, 'export job cannot be rendered');
    await reporter.finish({
      status: 'failed',
      done: 0,
      total: job.count,
      error: `the job's snapshot is invalid: ${(err as Error).message}`,
    });
    return 'failed';
  }
  const options = exportOptionsSchema.parse(job.options);
  const overBudget = jobBudgetIssue(options, records.length);
  if (overBudget) {
    // The API refuses such jobs; one created before the budget existed can never render within it.
    log.warn({ overBudget }, 'export job is over the render budget');
    await reporter.finish({ status: 'failed', done: 0, total: records.length, error: overBudget });
    return 'failed';
  }
  await reporter.start(records.length, deps.heartbeatMs);
  try {
    const objectKey = zipKeyOf(job);
    const output = new PassThrough();
    const upload = deps.objectStore.putStream(objectKey, output, 'application/zip');
    upload.catch(() => undefined); // awaited below; if rendering fails first, output is destroyed and this rejects too
    let result;
    try {
      result = await renderExport({
        records,
        options,
        output,
        renderRecords: deps.renderRecords,
        tenant: job.tenantId,
        onProgress: (p) => reporter.update(p.done, p.total),
      });
    } catch (err) {
      output.destroy(err as Error);
      throw err;
    }
    const { sizeBytes } = await upload;
    log.info({ count: result.count, sizeBytes }, 'export rendered');
    await reporter.finish({
      status: 'ready',
      done: result.count,
      total: records.length,
      count: result.count,
      sizeBytes,
      objectKey,
    });
    return 'ready';
  } finally {
    reporter.stop();
  }
}

function isZodError(err: unknown): boolean {
  return err instanceof Error && err.name === 'ZodError';
}
