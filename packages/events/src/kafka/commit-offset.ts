import type { Consumer } from 'kafkajs';
import type { BusLogger } from '../shared/bus-logger';
import { errorText } from '../shared/dead-letter';

/**
 * Commits `next` as a partition's offset; true once committed. A refusal (typically a rebalance took the partition
 * away meanwhile) is logged, not thrown: the batches stay uncommitted and their next owner handles them again (at
 * least once; consumers dedupe by eventId). Throwing would crash the consumer with an error kafkajs does not restart.
 */
export async function commitOffset(
  consumer: Consumer,
  logger: BusLogger,
  topic: string,
  partition: number,
  next: number,
): Promise<boolean> {
  try {
    await consumer.commitOffsets([{ topic, partition, offset: String(next) }]);
    return true;
  } catch (error) {
    logger.warn({ topic, partition, err: errorText(error) }, 'commit refused; the batch will be redelivered');
    return false;
  }
}
