import { randomUUID } from 'node:crypto';
import { generateApiKey } from '@waymark/auth';
import { clicksTopic, identityTopic, linksTopic, type ClickFact, type LinkState, type Scope } from '@waymark/contracts';
import { KafkaEventBus } from '@waymark/events';
import { createLogger } from '@waymark/logging';
import { apiKeyRecord, createTestDatabase, getTestInfra, tenantRecord, uniqueName, waitFor } from '@waymark/testkit';
import { loadConfig, startService, type RunningService } from '../../src';

const PLAN = { name: 'test', rateLimitPerMinute: 100_000, burst: 10_000, bulkRowCap: 500, exportsPerHour: 10 };

/** A fresh tenant on the shared Kafka: its domain, and API keys by scope set. */
export interface TestTenant {
  id: string;
  domain: string;
  key(scopes: Scope[]): Promise<string>;
}

/** analytics-ingest on a fresh database and the shared Kafka mock, with a clock the test sets. */
export interface AnalyticsHarness {
  url: string;
  databaseUrl: string;
  bus: KafkaEventBus;
  setNow(date: Date): void;
  tenant(): Promise<TestTenant>;
  publishLink(tenant: TestTenant, code: string, createdAt: string): Promise<LinkState>;
  deleteLink(tenant: TestTenant, code: string): Promise<void>;
  publishClicks(clicks: ClickFact[]): Promise<void>;
  get(path: string, apiKey: string): Promise<Response>;
  stop(): Promise<void>;
}

export async function startAnalyticsHarness(now: Date): Promise<AnalyticsHarness> {
  const infra = getTestInfra();
  const logger = createLogger({ service: 'analytics-test', level: 'error' });
  const databaseUrl = await createTestDatabase();
  const bus = await KafkaEventBus.connect({ brokers: infra.kafka.brokers, clientId: uniqueName('analytics'), logger });
  let current = now;
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'error',
    CLICKS_CONSUMER_GROUP: uniqueName('analytics-clicks'),
    LINKS_CONSUMER_GROUP: uniqueName('analytics-links'),
    VISITOR_HASH_SALT: 'test-salt-0123456789',
  });
  const service: RunningService = await startService(config, { logger, bus, databaseUrl, clock: () => current });
  const url = `http://127.0.0.1:${service.port}`;

  return {
    url,
    databaseUrl,
    bus,
    setNow: (date) => (current = date),
    async tenant() {
      const id = uniqueName('tenant');
      const domain = `${uniqueName('d')}.test`;
      await bus.publish(identityTopic, [tenantRecord({ id, domain, plan: PLAN })]);
      return {
        id,
        domain,
        async key(scopes) {
          const generated = generateApiKey();
          await bus.publish(identityTopic, [
            apiKeyRecord({ hash: generated.hash, prefix: generated.displayPrefix, tenantId: id, scopes }),
          ]);
          // The key is usable once the service's identity model has it (401 until then).
          await waitFor(
            async () =>
              (await fetch(`${url}/v1/analytics`, { headers: { 'x-api-key': generated.key } })).status !== 401,
            {
              message: 'API key known to analytics-ingest',
            },
          );
          return generated.key;
        },
      };
    },
    async publishLink(tenant, code, createdAt) {
      const state: LinkState = {
        version: 1,
        eventId: randomUUID(),
        tenantId: tenant.id,
        domain: tenant.domain,
        code,
        destination: 'https://example.com/',
        status: 'active',
        title: code,
        tags: {},
        expiresAt: null,
        notifyChannels: [],
        createdAt,
        updatedAt: createdAt,
        kind: 'link',
      };
      await bus.publish(linksTopic, [{ key: linksTopic.keyOf(state), value: state }]);
      return state;
    },
    async deleteLink(tenant, code) {
      await bus.publish(linksTopic, [{ key: `${tenant.domain}/${code}`, value: null }]);
    },
    async publishClicks(clicks) {
      await bus.publish(
        clicksTopic,
        clicks.map((value) => ({ key: clicksTopic.keyOf(value), value })),
      );
    },
    get: (path, apiKey) => fetch(`${url}${path}`, { headers: { authorization: `Bearer ${apiKey}` } }),
    async stop() {
      await service.stop();
      await bus.close();
    },
  };
}
