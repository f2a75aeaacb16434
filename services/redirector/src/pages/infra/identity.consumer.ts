import { identityTopic } from '@waymark/contracts';
import type { EventBus, Subscription } from '@waymark/events';
import type { MemoryTenantDirectory } from './memory-tenant-directory';

/**
 * Fetch wait of the tenants' subscription. An idle broker answers each fetch only after this wait, and every answer
 * costs the event loop a whole kafkajs fetch round: at the links' short wait, identity.v1's idle fetches were a
 * sizeable share of an instance's CPU, which every redirect paid. Tenants change rarely and only the pages use them;
 * a Kafka broker answers a waiting fetch as soon as data arrives, and a miss still catches identity.v1 up first.
 */
export const TENANTS_FETCH_WAIT_MS = 1_000;

/**
 * identity.v1 into the tenant directory, every instance reading every partition (broadcast): tenants only, since
 * key hashes are not the redirector's business.
 */
export function subscribeIdentity(
  bus: EventBus,
  tenants: MemoryTenantDirectory,
  groupId: string,
): Promise<Subscription> {
  return bus.subscribe({
    topic: identityTopic,
    mode: 'broadcast',
    groupId: `${groupId}.identity`,
    maxWaitTimeMs: TENANTS_FETCH_WAIT_MS,
    handleBatch: async (messages) => {
      for (const message of messages) if (message.value?.type === 'tenant') tenants.applyTenant(message.value);
    },
  });
}
