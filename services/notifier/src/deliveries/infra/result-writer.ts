import type { Logger } from '@waymark/logging';
import type { AttemptRecord, DeliveryRepository } from '../app/deliveries-ports';

const BATCH = 500;
const RETRY_MS = 1_000;

/**
 * Writes attempt results in batches, one writer at a time: results that arrive while a batch is being written go
 * into the next one, so a burst of attempts costs a few statements instead of one per attempt. A row stays leased
 * until its result is written, so no instance runs it again meanwhile.
 */
export class ResultWriter {
  private readonly pending: AttemptRecord[] = [];
  private writing: Promise<void> | undefined;

  constructor(
    private readonly deliveries: Pick<DeliveryRepository, 'record'>,
    private readonly logger: Logger,
  ) {}

  add(result: AttemptRecord): void {
    this.pending.push(result);
    void this.flush();
  }

  /** Writes everything pending (used when stopping). */
  async drain(): Promise<void> {
    await this.writing;
    await this.flush();
  }

  private flush(): Promise<void> {
    if (this.writing) return this.writing;
    if (this.pending.length === 0) return Promise.resolve();
    this.writing = (async () => {
      while (this.pending.length > 0) {
        const batch = this.pending.splice(0, BATCH);
        try {
          await this.deliveries.record(batch);
        } catch (error) {
          // Kept for the next flush; if the process dies first, the leases expire and the attempts run again.
          this.pending.unshift(...batch);
          this.logger.error({ err: error, count: batch.length }, 'recording delivery attempts failed; retrying in 1 s');
          setTimeout(() => void this.flush(), RETRY_MS).unref();
          break;
        }
      }
    })().finally(() => (this.writing = undefined));
    return this.writing;
  }
}
