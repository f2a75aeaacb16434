import type { ClickBatch } from './click-batch';

/**
 * Where the emitter sends its batches of clicks.v1 records: a ThreadedClickPublisher that produces them on a worker
 * thread, or an EventBus (busClickPublisher). Settles once Kafka acknowledged (or refused) the batch. The batch is the
 * publisher's to read until then, not after: the emitter then hands its buffer to the next batch.
 */
export interface ClickPublisher {
  publish(batch: ClickBatch): Promise<void>;
}
