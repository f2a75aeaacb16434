import { Redis } from 'ioredis';
import { RedisKeyValueCache, RedisRateLimiter } from '@waymark/cache';
import { databaseEnv, kafkaEnv, parseConfig, redisEnv } from '@waymark/config';
import { KafkaEventBus, kafkaConnectionSettings } from '@waymark/events';
import { installShutdown } from '@waymark/http';
import { createLogger } from '@waymark/logging';
import { checkConfig, configSchema } from './config';
import { NOTIFIER_FETCH_WAIT_MS, startService } from './service';

const productionSchema = configSchema.extend({ ...kafkaEnv, ...databaseEnv, ...redisEnv });

async function main(): Promise<void> {
  let config;
  try {
    config = checkConfig(parseConfig(productionSchema, process.env, { service: 'notifier' }));
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  }
  const logger = createLogger({ service: 'notifier', level: config.LOG_LEVEL });
  const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
  redis.on('error', (err) => logger.warn({ err }, 'redis connection error'));
  const bus = await KafkaEventBus.connect({
    // Notifications are real time: an idle fetch returns after at most this long (the default 1 s was most of the
    // click-to-delivery latency on brokers that hold a fetch until it expires).
    ...kafkaConnectionSettings(config, 'notifier', { maxWaitTimeMs: NOTIFIER_FETCH_WAIT_MS }),
    logger,
  });
  const service = await startService(config, {
    logger,
    bus,
    databaseUrl: config.DATABASE_URL,
    cache: new RedisKeyValueCache({ redis }),
    rateLimiter: new RedisRateLimiter({ redis }),
  });
  installShutdown(logger, [
    { name: 'service', run: () => service.stop() },
    { name: 'events', run: () => bus.close() },
    { name: 'redis', run: async () => void (await redis.quit()) },
  ]);
}

main().catch((error: unknown) => {
  process.stderr.write(`notifier failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
