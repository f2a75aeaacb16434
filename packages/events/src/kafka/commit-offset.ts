import type { Consumer } from 'kafkajs';
import type { BusLogger } from '../shared/bus-logger';
import { errorText } from '../shared/dead-letter';

interface PartitionOffset {
  topic: string;
  partition: number;
  offset: string;
}

/**
 * Commits the offsets of one consumer's batches, merging those asked for while a commit is on its way into the next
 * request. A fetch hands out one batch per partition, and one OffsetCommit per batch was most of the requests a busy
 * consumer sent (each one also work for the broker); the first commit still goes out at once, so a quiet consumer's
 * commit waits for nothing. A later offset of a partition replaces an earlier one still waiting: it covers it.
 */
export class OffsetCommitter {
  private waiting = new Map<string, PartitionOffset>();
  private callers: Array<(committed: boolean) => void> = [];
  private sending = false;

  constructor(
    private readonly consumer: Pick<Consumer, 'commitOffsets'>,
    private readonly logger: BusLogger,
  ) {}

  /**
   * Commits `next` as a partition's offset; true once committed. A refusal (typically a rebalance took a partition
   * away meanwhile) is logged, not thrown: the batches stay uncommitted and their next owner handles them again (at
   * least once; consumers dedupe by eventId). Throwing would crash the consumer with an error kafkajs does not restart.
   */
  commit(topic: string, partition: number, next: number): Promise<boolean> {
    this.waiting.set(`${topic}\u0000${partition}`, { topic, partition, offset: String(next) });
    const committed = new Promise<boolean>((resolve) => this.callers.push(resolve));
    if (!this.sending) void this.send();
    return committed;
  }

  private async send(): Promise<void> {
    this.sending = true;
    while (this.waiting.size > 0) {
      const offsets = [...this.waiting.values()];
      const callers = this.callers;
      this.waiting = new Map();
      this.callers = [];
      let committed = true;
      try {
        await this.consumer.commitOffsets(offsets);
      } catch (error) {
        committed = false;
        this.logger.warn(
          { topic: offsets[0]?.topic, partitions: offsets.map((o) => o.partition), err: errorText(error) },
          'commit refused; the batches will be redelivered',
        );
      }
      for (const resolve of callers) resolve(committed);
    }
    this.sending = false;
  }
}
