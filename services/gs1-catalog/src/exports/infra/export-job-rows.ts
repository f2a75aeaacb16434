import { randomUUID } from 'node:crypto';
import type { ExportRequested, ExportStatus, Gs1ExportOptions } from '@waymark/contracts';
import type { ExportJob as ExportJobRow, Prisma } from '../../generated/prisma/client';
import type { ExportJobRecord } from '../domain/export-job';

export function toJob(row: ExportJobRow): ExportJobRecord {
  return {
    id: row.id,
    tenantId: row.tenantId,
    name: row.name,
    status: row.status as ExportStatus,
    options: row.options as Gs1ExportOptions,
    snapshotKey: row.snapshotKey,
    objectKey: row.objectKey,
    selected: row.selected,
    count: row.count,
    sizeBytes: row.sizeBytes === null ? null : Number(row.sizeBytes),
    truncated: row.truncated,
    error: row.error,
    progress:
      row.progressDone === null || row.progressTotal === null
        ? null
        : { done: row.progressDone, total: row.progressTotal },
    attempts: row.attempts,
    leaseUntil: row.leaseUntil,
    rendererId: row.rendererId,
    createdAt: row.createdAt,
    finishedAt: row.finishedAt,
  };
}

export function toRow(job: ExportJobRecord): Prisma.ExportJobUncheckedCreateInput {
  return {
    id: job.id,
    tenantId: job.tenantId,
    name: job.name,
    status: job.status,
    options: job.options as Prisma.InputJsonValue,
    snapshotKey: job.snapshotKey,
    objectKey: job.objectKey,
    selected: job.selected,
    count: job.count,
    sizeBytes: job.sizeBytes === null ? null : BigInt(job.sizeBytes),
    truncated: job.truncated,
    error: job.error,
    progressDone: job.progress?.done ?? null,
    progressTotal: job.progress?.total ?? null,
    attempts: job.attempts,
    leaseUntil: job.leaseUntil,
    rendererId: job.rendererId,
    createdAt: job.createdAt,
    finishedAt: job.finishedAt,
  };
}

/** The hand-off to the renderers; a new event id per hand-out, so a re-request is not taken for a duplicate. */
export function requestedEvent(job: ExportJobRecord, now: Date): ExportRequested {
  return {
    version: 1,
    eventId: randomUUID(),
    jobId: job.id,
    tenantId: job.tenantId,
    name: job.name,
    options: job.options,
    snapshotKey: job.snapshotKey,
    count: job.selected,
    truncated: job.truncated,
    requestedAt: now.toISOString(),
  };
}
