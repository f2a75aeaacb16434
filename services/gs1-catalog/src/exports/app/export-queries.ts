import {
  decodeKeysetCursor,
  DOWNLOAD_URL_TTL_SECONDS,
  DomainError,
  encodeKeysetCursor,
  type Gs1Export,
  type Gs1ExportList,
  type Gs1ExportListQuery,
} from '@waymark/contracts';
import type { ExportJobRecord } from '../domain/export-job';
import type { ExportActor, ExportDeps } from './export-ports';

function summary(job: ExportJobRecord) {
  return {
    jobId: job.id,
    name: job.name,
    status: job.status,
    count: job.count,
    truncated: job.truncated,
    createdAt: job.createdAt.toISOString(),
    finishedAt: job.finishedAt?.toISOString() ?? null,
  };
}

/** GET /v1/gs1/exports: the tenant's jobs, newest first, a page at a time. */
export function listExports(deps: Pick<ExportDeps, 'jobs'>) {
  return async (actor: ExportActor, query: Gs1ExportListQuery): Promise<Gs1ExportList> => {
    const before = query.cursor === undefined ? null : decodeKeysetCursor(query.cursor);
    const jobs = await deps.jobs.list(actor.tenant.id, query.limit + 1, before);
    const page = jobs.slice(0, query.limit);
    const last = page[page.length - 1];
    return { jobs: page.map(summary), nextCursor: jobs.length > query.limit && last ? encodeKeysetCursor(last) : null };
  };
}

async function jobOf(deps: Pick<ExportDeps, 'jobs'>, actor: ExportActor, id: string): Promise<ExportJobRecord> {
  const job = await deps.jobs.get(actor.tenant.id, id);
  if (!job) throw new DomainError('not_found', `No export job ${id}`);
  return job;
}

/** GET /v1/gs1/exports/{id}: the job; when ready, a download URL minted now and valid 7 days. */
export function getExport(deps: Pick<ExportDeps, 'jobs' | 'objectStore'>) {
  return async (actor: ExportActor, id: string): Promise<Gs1Export> => {
    const job = await jobOf(deps, actor, id);
    const view: Gs1Export = {
      ...summary(job),
      sizeBytes: job.sizeBytes,
      error: job.error,
      options: job.options,
      progress: job.status === 'rendering' || job.status === 'ready' ? job.progress : null,
    };
    if (job.status === 'ready' && job.objectKey !== null) {
      view.downloadUrl = await deps.objectStore.presignedGetUrl(job.objectKey, DOWNLOAD_URL_TTL_SECONDS);
      view.urlExpiresIn = DOWNLOAD_URL_TTL_SECONDS;
    }
    return view;
  };
}

/** DELETE /v1/gs1/exports/{id}: the job row, its snapshot and its zip. A renderer still working on it is ignored. */
export function deleteExport(deps: Pick<ExportDeps, 'jobs' | 'objectStore'>) {
  return async (actor: ExportActor, id: string): Promise<void> => {
    const job = await deps.jobs.remove(actor.tenant.id, id);
    if (!job) throw new DomainError('not_found', `No export job ${id}`);
    await removeObjects(deps, job);
  };
}

export async function removeObjects(deps: Pick<ExportDeps, 'objectStore'>, job: ExportJobRecord): Promise<void> {
  const keys = [job.snapshotKey, ...(job.objectKey === null ? [] : [job.objectKey])];
  await Promise.all(keys.map((key) => deps.objectStore.remove(key)));
}
