import { exportsRequestedTopic, type KeysetPosition } from '@waymark/contracts';
import { enqueue, processOnce } from '@waymark/db';
import type { PrismaClient } from '../../generated/prisma/client';
import type { ExportJobRepository } from '../app/export-ports';
import type { ExportJobRecord } from '../domain/export-job';
import { requestedEvent, toJob, toRow } from './export-job-rows';

/** The consumer name under which applied exports.status.v1 events are remembered. */
const STATUS_CONSUMER = 'gs1-catalog.exports-status';

export class PrismaExportJobRepository implements ExportJobRepository {
  constructor(private readonly prisma: PrismaClient) {}

  async create(job: ExportJobRecord): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      await tx.exportJob.create({ data: toRow(job) });
      await enqueue(tx, exportsRequestedTopic, [{ value: requestedEvent(job, job.createdAt) }]);
    });
  }

  async get(tenantId: string, id: string): Promise<ExportJobRecord | null> {
    const row = await this.prisma.exportJob.findFirst({ where: { id, tenantId } });
    return row ? toJob(row) : null;
  }

  async list(tenantId: string, limit: number, before: KeysetPosition | null): Promise<ExportJobRecord[]> {
    const where = before
      ? {
          tenantId,
          OR: [{ createdAt: { lt: before.createdAt } }, { createdAt: before.createdAt, id: { lt: before.id } }],
        }
      : { tenantId };
    const rows = await this.prisma.exportJob.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: limit,
    });
    return rows.map(toJob);
  }

  async remove(tenantId: string, id: string): Promise<ExportJobRecord | null> {
    const rows = await this.prisma.exportJob.findMany({ where: { id, tenantId } });
    if (rows.length === 0) return null;
    const { count } = await this.prisma.exportJob.deleteMany({ where: { id, tenantId } });
    return count === 0 ? null : toJob(rows[0]!);
  }

  async applyOnce(
    jobId: string,
    eventId: string,
    change: (job: ExportJobRecord) => ExportJobRecord | null,
  ): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      const outcome = await processOnce(tx, STATUS_CONSUMER, eventId, async () => {
        const locked = await tx.$queryRaw<
          { id: string }[]
        >`SELECT "id" FROM "export_job" WHERE "id" = ${jobId} FOR UPDATE`;
        if (locked.length === 0) return false;
        const next = change(toJob(await tx.exportJob.findUniqueOrThrow({ where: { id: jobId } })));
        if (next === null) return false;
        const { id: _id, ...data } = toRow(next);
        await tx.exportJob.update({ where: { id: jobId }, data });
        return true;
      });
      return outcome.processed ? (outcome.result ?? false) : false;
    });
  }

  async sweepLeases(
    now: Date,
    limit: number,
    change: (job: ExportJobRecord) => ExportJobRecord,
  ): Promise<ExportJobRecord[]> {
    return this.prisma.$transaction(async (tx) => {
      // SKIP LOCKED: several gs1-catalog instances sweep at once without handing out a job twice.
      const due = await tx.$queryRaw<{ id: string }[]>`
        SELECT "id" FROM "export_job" WHERE "status" IN ('pending', 'rendering') AND "lease_until" < ${now}
        ORDER BY "lease_until" LIMIT ${limit} FOR UPDATE SKIP LOCKED`;
      const swept: ExportJobRecord[] = [];
      for (const { id } of due) {
        const next = change(toJob(await tx.exportJob.findUniqueOrThrow({ where: { id } })));
        const { id: _id, ...data } = toRow(next);
        await tx.exportJob.update({ where: { id }, data });
        if (next.status === 'pending') await enqueue(tx, exportsRequestedTopic, [{ value: requestedEvent(next, now) }]);
        swept.push(next);
      }
      return swept;
    });
  }

  async removeCreatedBefore(cutoff: Date, limit: number): Promise<ExportJobRecord[]> {
    const rows = await this.prisma.exportJob.findMany({
      where: { createdAt: { lt: cutoff } },
      orderBy: { createdAt: 'asc' },
      take: limit,
    });
    if (rows.length === 0) return [];
    await this.prisma.exportJob.deleteMany({ where: { id: { in: rows.map((r) => r.id) } } });
    return rows.map(toJob);
  }
}
