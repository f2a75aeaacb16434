import { identityTopic } from '@waymark/contracts';
import { FreshReads, READ_MODEL_FETCH_WAIT_MS, type EventBus, type Subscription } from '@waymark/events';
import type { Logger } from '@waymark/logging';
import { IdentityReadModel } from './identity-read-model';

export interface IdentityModelHandle {
  readonly model: IdentityReadModel;
  /** Read-your-writes over the model: a miss or a refusal catches up with identity.v1 first. */
  readonly fresh: FreshReads;
  /** True once every identity.v1 record that existed at start has been applied; readiness waits for it. */
  caughtUp(): boolean;
  /** Resolves when caughtUp() turns true. */
  readonly whenCaughtUp: Promise<void>;
  stop(): Promise<void>;
}

/**
 * Builds the identity read model from identity.v1 with a broadcast subscription: each instance reads every
 * partition from the start (the topic is compacted, so that is the current state) and keeps applying changes.
 */
export async function startIdentityModel(options: { bus: EventBus; logger: Logger }): Promise<IdentityModelHandle> {
  const model = new IdentityReadModel();
  const log = options.logger.child({ component: 'identity-model' });
  let caughtUp = false;
  const freshness: { reads?: FreshReads } = {};
  const subscription: Subscription = await options.bus.subscribe({
    topic: identityTopic,
    mode: 'broadcast',
    maxWaitTimeMs: READ_MODEL_FETCH_WAIT_MS,
    handleBatch: async (messages) => {
      model.apply(messages.map((m) => ({ key: m.key, value: m.value })));
      for (const m of messages) if (m.value?.type === 'api_key') freshness.reads?.forget(m.value.hash);
    },
  });
  const fresh = (freshness.reads = new FreshReads([subscription]));
  const whenCaughtUp = subscription.caughtUp.then(() => {
    caughtUp = true;
    log.info(model.size, 'identity model caught up');
  });
  whenCaughtUp.catch(() => undefined);
  return {
    model,
    fresh,
    caughtUp: () => caughtUp,
    whenCaughtUp,
    stop: () => subscription.stop(),
  };
}
