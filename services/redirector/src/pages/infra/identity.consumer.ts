import { identityTopic } from '@waymark/contracts';
import { READ_MODEL_FETCH_WAIT_MS, type EventBus, type Subscription } from '@waymark/events';
import type { MemoryTenantDirectory } from './memory-tenant-directory';

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
    maxWaitTimeMs: READ_MODEL_FETCH_WAIT_MS,
    handleBatch: async (messages) => {
      for (const message of messages) if (message.value?.type === 'tenant') tenants.applyTenant(message.value);
    },
  });
}
