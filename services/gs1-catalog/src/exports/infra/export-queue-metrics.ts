import { Gauge, type Registry } from 'prom-client';
import type { PrismaClient } from '../../generated/prisma/client';

const UNFINISHED = ['pending', 'rendering'] as const;

/**
 * The export queue as gs1-catalog keeps it (read when scraped): unfinished jobs by status, and the age of the oldest
 * one. Jobs render in seconds, so an old unfinished job is a stuck export (no renderer, or one failing over and over).
 */
export function registerExportQueueMetrics(registry: Registry, prisma: PrismaClient): void {
  const read = () =>
    prisma.$queryRawUnsafe<{ status: string; jobs: bigint; age: number | null }[]>(
      `SELECT status, count(*) AS jobs, EXTRACT(EPOCH FROM now() - min(created_at))::float8 AS age
         FROM export_job WHERE status IN ('pending', 'rendering') GROUP BY status`,
    );
  new Gauge({
    name: 'export_jobs_unfinished',
    help: 'Export jobs not finished yet, by status (pending: waiting for a renderer; rendering)',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const rows = await read().catch(() => undefined);
      for (const status of UNFINISHED) {
        this.set({ status }, rows ? Number(rows.find((r) => r.status === status)?.jobs ?? 0) : NaN);
      }
    },
  });
  new Gauge({
    name: 'export_oldest_unfinished_job_age_seconds',
    help: 'Seconds since the oldest unfinished export job was created (0 when none)',
    registers: [registry],
    async collect() {
      const rows = await read().catch(() => undefined);
      this.set(rows ? Math.max(0, ...rows.map((r) => r.age ?? 0)) : NaN);
    },
  });
}
