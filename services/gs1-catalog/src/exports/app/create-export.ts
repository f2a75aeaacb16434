import { Readable } from 'node:stream';
import {
  DomainError,
  EXPORT_MAX_CODES,
  jobBudgetIssue,
  type Gs1ExportCreated,
  type Gs1ExportOptions,
  type Gs1ExportSnapshot,
} from '@waymark/contracts';
import { snapshotKeyOf, type ExportJobRecord } from '../domain/export-job';
import type { ExportActor, ExportDeps } from './export-ports';

const HOUR_MS = 3_600_000;

/**
 * POST /v1/gs1/exports, with options the HTTP edge parsed (400 naming a bad one): selects the records (query, ALL
 * tags, or everything; capped at 5000 with `truncated`), refuses a job over the render budget (400 saying the limit),
 * checks the plan's hourly export quota (429; a refused job uses none), snapshots the records to the object store for
 * the renderer and hands the job over (exports.requested.v1 through the outbox). Nothing is rendered here.
 */
export function createExport(deps: ExportDeps) {
  return async (actor: ExportActor, options: Gs1ExportOptions): Promise<Gs1ExportCreated> => {
    const selected = await deps.selection.select(
      actor.tenant.id,
      { query: options.query, tags: options.tags },
      EXPORT_MAX_CODES + 1,
    );
    const truncated = selected.length > EXPORT_MAX_CODES;
    const records = truncated ? selected.slice(0, EXPORT_MAX_CODES) : selected;
    const overBudget = jobBudgetIssue(options, records.length);
    if (overBudget)
      throw new DomainError('validation_failed', `raster: ${overBudget}`, [{ path: 'raster', message: overBudget }]);
    await consumeQuota(deps, actor);
    const now = deps.clock();
    const id = deps.newId();
    const snapshot: Gs1ExportSnapshot = { version: 1, jobId: id, tenantId: actor.tenant.id, records };
    const snapshotKey = snapshotKeyOf(actor.tenant.id, id);
    // Written before the job exists: a renderer can never see a job without its snapshot. An orphan (the insert
    // below failing) is removed by the bucket's expiry rule.
    await deps.objectStore.putStream(
      snapshotKey,
      Readable.from([Buffer.from(JSON.stringify(snapshot))]),
      'application/json',
    );
    const job: ExportJobRecord = {
      id,
      tenantId: actor.tenant.id,
      name: options.name,
      status: 'pending',
      options,
      snapshotKey,
      objectKey: null,
      selected: records.length,
      count: null,
      sizeBytes: null,
      truncated,
      error: null,
      progress: null,
      attempts: 1,
      leaseUntil: new Date(now.getTime() + deps.lease.pendingTimeoutMs),
      rendererId: null,
      createdAt: now,
      finishedAt: null,
    };
    await deps.jobs.create(job);
    return { jobId: id, name: job.name, status: 'pending', createdAt: now.toISOString() };
  };
}

/** The plan's exports per hour, shared by every instance through the rate limiter's store. */
async function consumeQuota(deps: ExportDeps, actor: ExportActor): Promise<void> {
  const { plan } = actor.tenant;
  const limit = plan.exportsPerHour;
  if (limit === 0)
    throw new DomainError('rate_limited', `Plan "${plan.name}" includes no exports`, { retryAfterSeconds: 3600 });
  const decision = await deps.rateLimiter.consume(`exports:${actor.tenant.id}`, {
    limit,
    windowMs: HOUR_MS,
    burst: limit,
  });
  if (!decision.allowed) {
    const retryAfterSeconds = Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
    throw new DomainError(
      'rate_limited',
      `Plan "${plan.name}" allows ${limit} exports per hour; retry in ${retryAfterSeconds} s`,
      { retryAfterSeconds },
    );
  }
}
