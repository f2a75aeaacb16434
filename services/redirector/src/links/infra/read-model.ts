import { FreshReads, type EventBus, type Subscription } from '@waymark/events';
import type { Logger } from '@waymark/logging';
import type { LinkStore } from '../app/links-ports';
import { subscribeLinks } from './links.consumer';

export interface ReadModel {
  /** True once both topics were read up to their ends as of subscribe time. */
  ready(): boolean;
  readonly caughtUp: Promise<void>;
  /** Catches both topics up as of now: what a miss waits for before answering 404. */
  readonly fresh: FreshReads;
  stop(): Promise<void>;
}

/**
 * Builds the read model from the compacted topics, every instance reading every partition from the start
 * (broadcast): links.v1 into the link store, and beside it the tenants' subscription the caller starts (identity.v1
 * into the pages' tenant directory), so one readiness and one catch-up cover both. Changes keep arriving after the
 * catch-up, which is how a re-point reaches every instance.
 * `sharedTierReady` (the Redis check, when links live there too): while it fails, a batch that fails is retried
 * until Redis is back rather than skipped, so no change is missing from the model afterwards.
 */
export async function consumeReadModel(
  bus: EventBus,
  links: LinkStore,
  subscribeTenants: (groupId: string) => Promise<Subscription>,
  logger: Logger,
  groupId: string,
  sharedTierReady?: () => Promise<boolean>,
): Promise<ReadModel> {
  const started = Date.now();
  const subscriptions: Subscription[] = [];
  const fresh = new FreshReads(subscriptions);
  subscriptions.push(await subscribeTenants(groupId));
  subscriptions.push(await subscribeLinks(bus, links, fresh, groupId, sharedTierReady));
  let ready = false;
  const caughtUp = Promise.all(subscriptions.map((s) => s.caughtUp)).then(() => {
    ready = true;
    logger.info({ links: links.size(), ms: Date.now() - started }, 'read model caught up; ready');
  });
  caughtUp.catch(() => undefined);
  return {
    ready: () => ready,
    caughtUp,
    fresh,
    stop: async () => {
      await Promise.all(subscriptions.map((s) => s.stop()));
    },
  };
}
