import type { TopicDef } from '@waymark/contracts';
import type { BusLogger } from '../shared/bus-logger';
import { errorText } from '../shared/dead-letter';
import type { EventLogStore } from './event-log-store';

export interface MaintenanceOptions {
  /** How often compaction and retention run. Default one minute. */
  intervalMs: number;
  /** Kafka's delete.retention.ms: how long a tombstone stays visible to readers from the start. Default 1 day. */
  tombstoneRetentionMs: number;
  /** Kafka's retention.ms for non-compacted topics. Default 7 days. */
  retentionMs: number;
}

const DEFAULTS: MaintenanceOptions = { intervalMs: 60_000, tombstoneRetentionMs: 86_400_000, retentionMs: 604_800_000 };

/**
 * Keeps the in-process log bounded as Kafka would: compacted topics keep the latest record per key (and
 * tombstones for a while, so a reader from the start still sees deletes), others drop records past retention.
 * Dead-letter topics are ordinary topics here, as in Kafka: they keep their records for the retention period.
 */
export class LogMaintenance {
  private readonly options: MaintenanceOptions;
  private readonly topics = new Map<string, boolean>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: EventLogStore,
    private readonly logger: BusLogger,
    options: Partial<MaintenanceOptions> = {},
  ) {
    this.options = { ...DEFAULTS, ...options };
  }

  track(topic: Pick<TopicDef<unknown>, 'name' | 'compacted'>): void {
    this.topics.set(topic.name, topic.compacted);
  }

  start(): void {
    this.timer = setInterval(() => void this.runOnce(), this.options.intervalMs);
    this.timer.unref();
  }

  runOnce(): Promise<void> {
    this.running = this.running.then(() => this.pass());
    return this.running;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  private async pass(): Promise<void> {
    const now = Date.now();
    for (const [topic, compacted] of this.topics) {
      try {
        const removed = compacted
          ? await this.store.compact(topic, now - this.options.tombstoneRetentionMs)
          : await this.store.deleteBefore(topic, now - this.options.retentionMs);
        if (removed > 0) this.logger.debug({ topic, removed, compacted }, 'event log maintenance removed records');
      } catch (error) {
        this.logger.error({ topic, err: errorText(error) }, 'event log maintenance failed; next pass retries');
      }
    }
  }
}
