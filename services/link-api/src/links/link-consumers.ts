import { FreshReads, type EventBus } from '@waymark/events';
import type { Config } from '../config';
import type { PrismaClient } from '../generated/prisma/client';
import { startChannelsConsumer } from './infra/channels.consumer';
import { LastClickWriter } from './infra/last-click.writer';
import { startLinkActivityConsumer } from './infra/link-activity.consumer';
import type { LinkInvalidations } from './infra/link-invalidations';
import { PrismaChannelDirectory } from './infra/prisma-channel-directory';

export interface LinkConsumers {
  /** Read-your-writes over the channels table: catches the channels.v1 group up before a channel is called unknown. */
  channels: FreshReads;
  stop(): Promise<void>;
}

/**
 * The consumer groups of links: channels.v1 (the channels notifyChannels may name) and link-activity.v1 (lastClickAt).
 * Both groups are joined at once, and independently of the identity model: each join waits for the coordinator's
 * rebalance delay, which would otherwise add up at start-up.
 */
export async function startLinkConsumers(deps: {
  bus: EventBus;
  prisma: PrismaClient;
  config: Config;
  invalidations: LinkInvalidations;
  /** The database check: a batch that fails while it fails is retried until the database is back, never parked. */
  databaseReady: () => Promise<boolean>;
}): Promise<LinkConsumers> {
  const { bus, prisma, config, invalidations, databaseReady } = deps;
  const started = await Promise.allSettled([
    startChannelsConsumer(bus, new PrismaChannelDirectory(prisma), config.CHANNELS_CONSUMER_GROUP, databaseReady),
    startLinkActivityConsumer(
      bus,
      new LastClickWriter(prisma, (clicks) => invalidations.publish(clicks)),
      config.LINK_ACTIVITY_CONSUMER_GROUP,
      databaseReady,
    ),
  ]);
  const subscriptions = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stop = async (): Promise<void> => {
    await Promise.all(subscriptions.splice(0).map((subscription) => subscription.stop()));
  };
  const failed = started.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) {
    await stop();
    throw failed.reason;
  }
  return { channels: new FreshReads([subscriptions[0]!]), stop };
}
