import { identityTopic, linksTopic } from '@waymark/contracts';
import { FreshReads, READ_MODEL_FETCH_WAIT_MS, type EventBus, type Subscription } from '@waymark/events';
import type { Logger } from '@waymark/logging';
import { normalizeKey, toLinkEntry } from '../domain/link-entry';
import type { LinkStore } from '../app/links-ports';
import type { TenantDirectory } from '../../pages/app/tenant-directory';

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
 * (broadcast): links.v1 into the link store, identity.v1 (tenants only; key hashes are not ours) into the
 * tenant directory. Changes keep arriving after the catch-up, which is how a re-point reaches every instance.
 * `sharedTierReady` (the Redis check, when links live there too): while it fails, a batch that fails is retried
 * until Redis is back rather than skipped, so no change is missing from the model afterwards.
 */
export async function consumeReadModel(
  bus: EventBus,
  links: LinkStore,
  tenants: TenantDirectory,
  logger: Logger,
  groupId: string,
  sharedTierReady?: () => Promise<boolean>,
): Promise<ReadModel> {
  const started = Date.now();
  const subscriptions: Subscription[] = [];
  const fresh = new FreshReads(subscriptions);
  subscriptions.push(
    await bus.subscribe({
      topic: identityTopic,
      mode: 'broadcast',
      groupId: `${groupId}.identity`,
      maxWaitTimeMs: READ_MODEL_FETCH_WAIT_MS,
      handleBatch: async (messages) => {
        for (const message of messages) if (message.value?.type === 'tenant') tenants.applyTenant(message.value);
      },
    }),
  );
  subscriptions.push(
    await bus.subscribe({
      topic: linksTopic,
      mode: 'broadcast',
      groupId: `${groupId}.links`,
      maxWaitTimeMs: READ_MODEL_FETCH_WAIT_MS,
      ...(sharedTierReady ? { dependenciesReady: sharedTierReady } : {}),
      handleBatch: async (messages) => {
        // Applies to the shared tier are pipelined per batch; per key, the tier itself keeps the newest offset.
        const pending: Promise<void>[] = [];
        for (const message of messages) {
          const position = { partition: message.partition, offset: message.offset };
          const key = normalizeKey(message.key);
          fresh.forget(key);
          const applied = links.apply(key, message.value === null ? null : toLinkEntry(message.value), position);
          if (applied instanceof Promise) pending.push(applied);
        }
        await Promise.all(pending);
      },
    }),
  );
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
