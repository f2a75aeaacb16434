import type { Pool } from 'pg';
import type { Logger } from '@waymark/logging';
import { DAY_MS } from '../domain/utc-day';
import type { PartitionManager } from './partition-manager';

export interface RetentionJobOptions {
  pool: Pool;
  partitions: PartitionManager;
  retentionMs: number;
  clock: () => Date;
  logger: Logger;
  intervalMs?: number;
}

/** Removes data older than the retention: fact partitions are dropped, rollup days deleted. Runs at start, then hourly. */
export function startRetentionJob(options: RetentionJobOptions): { runOnce(): Promise<void>; stop(): void } {
  const runOnce = async (): Promise<void> => {
    const cutoffDay = new Date(Math.floor((options.clock().getTime() - options.retentionMs) / DAY_MS) * DAY_MS);
    const dropped = await options.partitions.dropBefore(cutoffDay);
    const day = cutoffDay.toISOString().slice(0, 10);
    for (const table of ['link_daily', 'tenant_daily', 'link_daily_visitors', 'tenant_daily_visitors']) {
      await options.pool.query(`DELETE FROM ${table} WHERE day < $1::date`, [day]);
    }
    if (dropped.length > 0) options.logger.info({ dropped, before: day }, 'dropped fact partitions past retention');
  };
  const tick = (): void => {
    runOnce().catch((error: unknown) => options.logger.error({ err: error }, 'retention run failed'));
  };
  const timer = setInterval(tick, options.intervalMs ?? 3_600_000);
  timer.unref();
  tick();
  return { runOnce, stop: () => clearInterval(timer) };
}
