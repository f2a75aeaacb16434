import { randomBytes, randomUUID } from 'node:crypto';
import { generateApiKey } from '@waymark/auth';
import { MemoryRateLimiter } from '@waymark/cache';
import { clicksTopic, identityTopic, type ClickFact, type Scope } from '@waymark/contracts';
import { KafkaEventBus } from '@waymark/events';
import { createLogger, type Logger } from '@waymark/logging';
import { apiKeyRecord, createTestDatabase, getTestInfra, tenantRecord, uniqueName, waitFor } from '@waymark/testkit';
import { loadConfig, startService, type RunningService } from '../../src';

export const TEST_TIME_UNIT = '5ms';

/**
 * Notifier settings for tests: the real retry sequence at 5 ms per "second". A test that delivers to a local receiver
 * allowlists it: `WEBHOOK_HTTP_ALLOWED_HOSTS: receiver.allowEntry`.
 */
export function testEnv(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'error',
    SECRET_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    DELIVERY_TIME_UNIT: TEST_TIME_UNIT,
    DELIVERY_POLL_INTERVAL: '20ms',
    DELIVERY_TIMEOUT: '2s',
    MAIL_DIR: `/tmp/${uniqueName('notifier-mail')}`,
    CLICKS_CONSUMER_GROUP: uniqueName('notifier'),
    ...overrides,
  };
}

export async function connectBus(): Promise<KafkaEventBus> {
  const logger = createLogger({ service: 'notifier-test', level: 'warn' });
  return KafkaEventBus.connect({
    brokers: getTestInfra().kafka.brokers,
    clientId: uniqueName('notifier-test'),
    logger,
  });
}

export interface StartedNotifier {
  service: RunningService;
  baseUrl: string;
  databaseUrl: string;
}

export async function startNotifier(
  bus: KafkaEventBus,
  env: Record<string, string>,
  databaseUrl?: string,
  logger: Logger = createLogger({ service: 'notifier', level: 'error' }),
): Promise<StartedNotifier> {
  const url = databaseUrl ?? (await createTestDatabase());
  const service = await startService(loadConfig(env), {
    logger,
    bus,
    databaseUrl: url,
    rateLimiter: new MemoryRateLimiter(),
  });
  return { service, baseUrl: `http://127.0.0.1:${service.port}`, databaseUrl: url };
}

/** A fresh tenant and an API key with the given scopes, published on identity.v1 as link-api would. */
export async function newTenant(bus: KafkaEventBus, scopes: Scope[] = ['notifications:read', 'notifications:write']) {
  const tenantId = uniqueName('tenant');
  const { key, hash, displayPrefix } = generateApiKey();
  await bus.publish(identityTopic, [
    tenantRecord({ id: tenantId, name: 'Acme', domain: 'go.acme.test', plan: { burst: 10_000, exportsPerHour: 10 } }),
    apiKeyRecord({ hash, prefix: displayPrefix, tenantId, scopes }),
  ]);
  return { tenantId, apiKey: key };
}

/** JSON over HTTP with the tenant's key; waits until the key is known (identity.v1 propagated). */
export function apiClient(baseUrl: string, apiKey: string) {
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${apiKey}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
  };
  return {
    call,
    ready: () =>
      waitFor(async () => (await call('GET', '/v1/channels')).status === 200, {
        timeoutMs: 20_000,
        message: 'API key to propagate',
      }),
  };
}

let clickCounter = 0;

/** A notifier and a fresh tenant whose key it already accepts, with an API client for that key. */
export async function startNotifierForTenant(
  bus: KafkaEventBus,
  env: Record<string, string>,
): Promise<{ notifier: StartedNotifier; tenantId: string; api: ReturnType<typeof apiClient> }> {
  const notifier = await startNotifier(bus, env);
  const tenant = await newTenant(bus);
  const api = apiClient(notifier.baseUrl, tenant.apiKey);
  await api.ready();
  return { notifier, tenantId: tenant.tenantId, api };
}

/** A clicks.v1 event as the redirector emits it. */
export function clickFact(tenantId: string, notifyChannels: string[], overrides: Partial<ClickFact> = {}): ClickFact {
  clickCounter += 1;
  const now = new Date();
  return {
    version: 1,
    eventId: `evt_${randomUUID()}`,
    event: 'click',
    source: 'click',
    code: `c${clickCounter}`,
    shortUrl: `https://go.acme.test/c${clickCounter}`,
    title: 'Spring sale',
    destination: 'https://acme.test/sale',
    tags: { campaign: 'spring' },
    createdAt: '2025-01-01T00:00:00.000Z',
    ts: now.getTime(),
    at: now.toISOString(),
    ip: '203.0.113.7',
    ua: 'Mozilla/5.0',
    referer: null,
    customerId: tenantId,
    tenantId,
    domain: 'go.acme.test',
    bot: false,
    method: 'GET',
    notifyChannels,
    ...overrides,
  };
}

/** Publishes clicks as an older redirector did, without headers, unless `headers` are given (as a redirector sets them). */
export async function publishClicks(
  bus: KafkaEventBus,
  facts: ClickFact[],
  headers?: Record<string, string>,
): Promise<void> {
  await bus.publish(
    clicksTopic,
    facts.map((value) => ({ key: clicksTopic.keyOf(value), value, ...(headers ? { headers } : {}) })),
  );
}
