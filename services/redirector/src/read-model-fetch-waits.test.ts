import { identityTopic, linksTopic, type TenantState } from '@waymark/contracts';
import {
  InProcessEventBus,
  MemoryEventLogStore,
  READ_MODEL_FETCH_WAIT_MS,
  type EventBus,
  type SubscribeOptions,
} from '@waymark/events';
import { createLogger } from '@waymark/logging';
import { MemoryLinkStore } from './links/infra/memory-link-store';
import { consumeReadModel } from './links/infra/read-model';
import { subscribeIdentity } from './pages/infra/identity.consumer';
import { MemoryTenantDirectory } from './pages/infra/memory-tenant-directory';

const logger = createLogger({ service: 'test', level: 'silent' });
const tenant: TenantState = {
  version: 1,
  eventId: '00000000-0000-4000-8000-000000000001',
  type: 'tenant',
  id: 'acme',
  name: 'Acme',
  entitlements: [],
  plan: { name: 'free', rateLimitPerMinute: 60, burst: 10, bulkRowCap: 100, exportsPerHour: 1 },
  defaultDomain: 'go.acme.test',
  domains: [{ name: 'go.acme.test', verified: true }],
  branding: { name: 'Acme' },
};

test('tenants are fetched with a long wait and links with the short one, and both still reach the read model', async () => {
  const bus = await InProcessEventBus.start({ store: new MemoryEventLogStore(), logger });
  const waits = new Map<string, number | undefined>();
  const recording: EventBus = {
    publish: (topic, messages) => bus.publish(topic, messages),
    subscribe: <V>(options: SubscribeOptions<V>) => {
      waits.set(options.topic.name, options.maxWaitTimeMs);
      return bus.subscribe(options);
    },
    healthy: () => bus.healthy(),
    close: () => bus.close(),
  };
  await bus.publish(identityTopic, [{ key: `tenant:${tenant.id}`, value: tenant }]);
  const tenants = new MemoryTenantDirectory();
  const subscribeTenants = (groupId: string) => subscribeIdentity(recording, tenants, groupId);
  const model = await consumeReadModel(recording, new MemoryLinkStore(), subscribeTenants, logger, 'redirector');
  try {
    await model.caughtUp;
    // Every idle fetch answered is a kafkajs round on the event loop that answers visitors: identity.v1 changes
    // rarely and only the pages read it, so it is polled ten times less often than links.v1 (re-points).
    expect(waits.get(linksTopic.name)).toBe(READ_MODEL_FETCH_WAIT_MS);
    expect(waits.get(identityTopic.name)).toBeGreaterThanOrEqual(10 * READ_MODEL_FETCH_WAIT_MS);
    expect(tenants.byDomain(tenant.defaultDomain)?.name).toBe(tenant.name);
  } finally {
    await model.stop();
    await bus.close();
  }
});
