import type { Logger } from '@waymark/logging';
import { PeriodicTask } from '../../shared-kernel/periodic-task';
import type { PrismaClient } from '../../generated/prisma/client';

// Finished deliveries (delivered, failed, cancelled) older than the cutoff, a bounded batch per statement so no
// sweep holds many row locks or one long transaction; the attempt log goes with them (ON DELETE CASCADE).
// SKIP LOCKED lets several instances sweep at once without waiting on each other.
const SWEEP_SQL = `
DELETE FROM "delivery" WHERE "id" IN (
  SELECT "id" FROM "delivery"
   WHERE "status" <> 'pending' AND "created_at" < $1::timestamptz
   ORDER BY "created_at" LIMIT $2
   FOR UPDATE SKIP LOCKED)`;

// A rotated-out signing secret signs nothing once its overlap ended (the claim ignores it); the sweep then drops it,
// so no sealed copy of it outlives its use by more than a sweep interval.
const DROP_EXPIRED_SECRETS_SQL = `
UPDATE "channel" SET "previous_secret_ciphertext" = NULL, "previous_secret_expires_at" = NULL
 WHERE "previous_secret_expires_at" <= $1::timestamptz`;

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
 * Deletes old delivery rows and their attempt log on a timer, and signing secrets whose rotation overlap ended. Pending deliveries are never touched (the whole
 * schedule spans under an hour, far inside any retention), so the sweep cannot cut a schedule short.
 */
export class RetentionSweeper {
  private readonly task: PeriodicTask<number>;
  private stopped = false;

  constructor(private readonly options: RetentionSweeperOptions) {
    this.task = new PeriodicTask({
      name: 'retention sweep',
      intervalMs: options.intervalMs,
      logger: options.logger,
      run: () => this.run(),
    });
  }

  start(): void {
    this.task.start();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.task.stop();
  }

  /** One full sweep; returns how many deliveries were deleted. */
  sweep(): Promise<number> {
    return this.task.runNow();
  }

  private async run(): Promise<number> {
    const now = this.options.clock();
    await this.options.prisma.$executeRawUnsafe(DROP_EXPIRED_SECRETS_SQL, now.toISOString());
    const cutoff = new Date(now.getTime() - this.options.retentionMs).toISOString();
    const batch = this.options.batchSize ?? 5_000;
    let total = 0;
    for (;;) {
      const deleted = await this.options.prisma.$executeRawUnsafe(SWEEP_SQL, cutoff, batch);
      total += deleted;
      if (deleted < batch || this.stopped) break;
    }
    if (total > 0)
      this.options.logger.info({ deleted: total, cutoff }, 'retention sweep deleted old deliveries and their attempts');
    return total;
  }
}
