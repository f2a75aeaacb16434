import type { Logger } from '@waymark/logging';
import type { PrismaClient } from './prisma';

// Finished deliveries (delivered, failed, cancelled) older than the cutoff, a bounded batch per statement so no
// sweep holds many row locks or one long transaction; the attempt log goes with them (ON DELETE CASCADE).
// SKIP LOCKED lets several instances sweep at once without waiting on each other.
const SWEEP_SQL = `
DELETE FROM "delivery" WHERE "id" IN (
  SELECT "id" FROM "delivery"
   WHERE "status" <> 'pending' AND "created_at" < $1::timestamptz
   ORDER BY "created_at" LIMIT $2
   FOR UPDATE SKIP LOCKED)`;

export interface RetentionSweeperOptions {
  prisma: PrismaClient;
  logger: Logger;
  /** Finished deliveries and their attempts older than this are deleted. */
  retentionMs: number;
  intervalMs: number;
  clock: () => Date;
  batchSize?: number;
}

/**
 * Deletes old delivery rows and their attempt log on a timer. Pending deliveries are never touched (the whole
 * schedule spans under an hour, far inside any retention), so the sweep cannot cut a schedule short.
 */
export class RetentionSweeper {
  private timer: NodeJS.Timeout | undefined;
  private sweeping: Promise<number> | undefined;
  private running = false;
  private stopped = false;

  constructor(private readonly options: RetentionSweeperOptions) {}

  start(): void {
    this.running = true;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.running = false;
    this.stopped = true;
    clearTimeout(this.timer);
    await this.sweeping;
  }

  /** One full sweep; returns how many deliveries were deleted. */
  sweep(): Promise<number> {
    this.sweeping ??= this.run().finally(() => (this.sweeping = undefined));
    return this.sweeping;
  }

  private async run(): Promise<number> {
    const cutoff = new Date(this.options.clock().getTime() - this.options.retentionMs).toISOString();
    const batch = this.options.batchSize ?? 5_000;
    let total = 0;
    for (;;) {
      const deleted = await this.options.prisma.$executeRawUnsafe(SWEEP_SQL, cutoff, batch);
      total += deleted;
      if (deleted < batch || this.stopped) break;
    }
    if (total > 0) this.options.logger.info({ deleted: total, cutoff }, 'retention sweep deleted old deliveries and their attempts');
    return total;
  }

  private schedule(delayMs: number): void {
    if (!this.running) return;
    this.timer = setTimeout(() => {
      this.sweep()
        .catch((error: unknown) => this.options.logger.error({ err: error }, 'retention sweep failed; trying again next interval'))
        .finally(() => this.schedule(this.options.intervalMs));
    }, delayMs);
    this.timer.unref();
  }
}
