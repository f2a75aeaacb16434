import { channelsTopic } from '@waymark/contracts';
import { READ_MODEL_FETCH_WAIT_MS, type EventBus, type Subscription } from '@waymark/events';
import type { PrismaChannelDirectory } from './prisma-channel-directory';

/**
 * Keeps the channels table from channels.v1 (compacted: the latest value per channel is the state). Applying a
 * record is an upsert or a delete, so a redelivered batch converges to the same rows: no dedupe table is needed.
 * Instances share a consumer group, so each partition is applied by one of them into the shared table.
 */
export function startChannelsConsumer(
  bus: EventBus,
  directory: PrismaChannelDirectory,
  groupId: string,
  dependenciesReady: () => Promise<boolean>,
): Promise<Subscription> {
  return bus.subscribe({
    topic: channelsTopic,
    mode: 'group',
    groupId,
    dependenciesReady,
    maxWaitTimeMs: READ_MODEL_FETCH_WAIT_MS,
    handleBatch: (messages) => directory.apply(messages.map((m) => ({ key: m.key, value: m.value }))),
  });
}
