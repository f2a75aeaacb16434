import { Redis } from 'ioredis';
import { RedisKeyValueCache, RedisRateLimiter } from '@waymark/cache';
import { KafkaEventBus } from '@waymark/events';
import { createLogger } from '@waymark/logging';
import { createTestDatabase, getTestInfra, uniqueName } from '@waymark/testkit';
import { loadConfig, RedisLinkInvalidations, startService, type Config, type RunningService } from '../../src';

export const OPERATOR_TOKEN = 'operator-token-for-tests-0123456789abcdef';

/**
 * When a member joins (or leaves) a group that is up, librdkafka's mock coordinator waits session timeout - 1 s for
 * the other members to rejoin before it assigns partitions, however fast they rejoin: with the production session
 * timeout (30 s) a second instance took ~30 s to start. 6 s (Kafka's smallest default session timeout) keeps that
 * wait at 5 s while leaving heartbeats (every second) ample slack on a loaded machine.
 */
const TEST_CONSUMER_TUNING = { sessionTimeoutMs: 6_000, heartbeatIntervalMs: 1_000 };

export interface LinkApiInstance {
  url: string;
  service: RunningService;
  redis: Redis;
  bus: KafkaEventBus;
  config: Config;
  stop(): Promise<void>;
}

/**
 * A real link-api: its own database (or a shared one for a second instance), the run's Kafka and Redis, and consumer
 * groups of its own: test files run against different databases, so they must never split one group's partitions
 * (a second instance of the same installation passes the first one's groups in `env`).
 */
export async function startLinkApi(
  options: { databaseUrl?: string; env?: Record<string, string>; rateLimitPrefix?: string } = {},
): Promise<LinkApiInstance & { databaseUrl: string; config: Config }> {
  const infra = getTestInfra();
  const databaseUrl = options.databaseUrl ?? (await createTestDatabase());
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'error',
    OPERATOR_TOKEN,
    CHANNELS_CONSUMER_GROUP: uniqueName('link-api-channels'),
    LINK_ACTIVITY_CONSUMER_GROUP: uniqueName('link-api-activity'),
    ...options.env,
  });
  const logger = createLogger({ service: 'link-api', level: config.LOG_LEVEL });
  const redis = new Redis(infra.redis.url, { maxRetriesPerRequest: 1, enableAutoPipelining: true }); // as main.ts
  const subscriber = new Redis(infra.redis.url, { maxRetriesPerRequest: 1 });
  const linkInvalidations = await RedisLinkInvalidations.start(redis, subscriber, logger);
  const bus = await KafkaEventBus.connect({
    brokers: infra.kafka.brokers,
    clientId: uniqueName('link-api'),
    logger,
    consumer: TEST_CONSUMER_TUNING,
  });
  const service = await startService(config, {
    logger,
    bus,
    databaseUrl,
    cache: new RedisKeyValueCache({ redis }),
    rateLimiter: new RedisRateLimiter({ redis, keyPrefix: options.rateLimitPrefix ?? `${uniqueName('rl')}:` }),
    linkInvalidations,
  });
  return {
    url: `http://127.0.0.1:${service.port}`,
    service,
    redis,
    bus,
    databaseUrl,
    config,
    async stop() {
      await service.stop();
      await bus.close();
      await linkInvalidations.close();
      redis.disconnect();
    },
  };
}

/** fetch against the operator API with the operator token; the body stays loosely typed, as tests assert its shape. */
export async function operator(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are checked by the assertions
): Promise<{ status: number; body: any; headers: Headers }> {
  const response = await fetch(`${base}/admin/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${OPERATOR_TOKEN}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
}
