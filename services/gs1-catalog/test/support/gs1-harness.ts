import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { generateApiKey } from '@waymark/auth';
import { RedisRateLimiter } from '@waymark/cache';
import { identityTopic, type Plan, type Scope, type TenantState } from '@waymark/contracts';
import { KafkaEventBus } from '@waymark/events';
import { createLogger } from '@waymark/logging';
import { MinioObjectStore } from '@waymark/objectstore';
import { apiKeyRecord, createTestDatabase, getTestInfra, tenantRecord, uniqueName, waitFor } from '@waymark/testkit';
import { loadConfig, startService, type RunningService } from '../../src';

export const logger = createLogger({ service: 'gs1-catalog-test', level: 'error' });

/** A bucket of its own per test file on the run's S3. */
export function testObjectStore(
  bucket = uniqueName('gs1')
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '-')
    .slice(0, 60),
): MinioObjectStore {
  const { s3 } = getTestInfra();
  return new MinioObjectStore({ ...s3, bucket });
}

export interface Gs1Catalog {
  url: string;
  bus: KafkaEventBus;
  objectStore: MinioObjectStore;
  databaseUrl: string;
  service: RunningService;
  stop(): Promise<void>;
}

/** A real gs1-catalog on its own database, the run's Kafka (or the brokers given), Redis and S3. */
export async function startGs1Catalog(
  env: Record<string, string> = {},
  objectStore = testObjectStore(),
  brokers = getTestInfra().kafka.brokers,
): Promise<Gs1Catalog> {
  const infra = getTestInfra();
  const databaseUrl = await createTestDatabase();
  const redis = new Redis(infra.redis.url, { maxRetriesPerRequest: 1 });
  const bus = await KafkaEventBus.connect({
    brokers,
    clientId: uniqueName('gs1-catalog'),
    logger,
  });
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'error', ...env });
  const service = await startService(config, {
    logger,
    bus,
    databaseUrl,
    objectStore,
    rateLimiter: new RedisRateLimiter({ redis, keyPrefix: `${uniqueName('rl')}:` }),
  });
  return {
    url: `http://127.0.0.1:${service.port}`,
    bus,
    objectStore,
    databaseUrl,
    service,
    async stop() {
      await service.stop();
      await bus.close();
      redis.disconnect();
    },
  };
}

export interface TestTenant {
  tenant: TenantState;
  key: string;
  domain: string;
}

const PLAN: Plan = { name: 'test', rateLimitPerMinute: 100_000, burst: 100_000, bulkRowCap: 500, exportsPerHour: 100 };

/** A fresh tenant with a verified domain and an API key, published on identity.v1 as link-api would. */
export async function newTenant(
  catalog: Gs1Catalog,
  opts: {
    entitlements?: string[];
    plan?: Partial<Plan>;
    scopes?: Scope[];
    extraDomains?: { name: string; verified: boolean }[];
  } = {},
): Promise<TestTenant> {
  const id = randomUUID();
  const domain = `${id.slice(0, 8)}.id.example.com`;
  const tenantOf = tenantRecord({
    id,
    name: 'Test brand',
    domain,
    plan: { ...PLAN, ...opts.plan },
    entitlements: opts.entitlements,
    extraDomains: opts.extraDomains,
  });
  const tenant: TenantState = tenantOf.value;
  const key = generateApiKey();
  await catalog.bus.publish(identityTopic, [
    tenantOf,
    apiKeyRecord({
      hash: key.hash,
      prefix: key.displayPrefix,
      tenantId: id,
      scopes: opts.scopes ?? ['gs1:read', 'gs1:write'],
    }),
  ]);
  const t = { tenant, key: key.key, domain };
  await waitFor(async () => (await api(catalog, t, 'GET', '/v1/gs1/exports')).status === 200, {
    timeoutMs: 20_000,
    message: 'the key to be known',
  });
  return t;
}

/** fetch against gs1-catalog with the tenant's key; JSON in and out. */
export async function api(
  catalog: Gs1Catalog,
  t: TestTenant,
  method: string,
  path: string,
  body?: unknown,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are asserted field by field
): Promise<{ status: number; body: any; headers: Headers }> {
  const response = await fetch(`${catalog.url}${path}`, {
    method,
    headers: { 'x-api-key': t.key, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
}
