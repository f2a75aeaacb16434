import { Redis } from 'ioredis';
import { RedisKeyValueCache, RedisRateLimiter } from '@waymark/cache';
import { KafkaEventBus, kafkaConnectionSettings } from '@waymark/events';
import { installShutdown } from '@waymark/http';
import { createLogger } from '@waymark/logging';
import { loadProductionConfig } from './config';
import { RedisLinkInvalidations } from './links/infra/redis-link-invalidations';
import { startService } from './service';

async function main(): Promise<void> {
  let config;
  try {
    config = loadProductionConfig(process.env);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  }
  const logger = createLogger({ service: 'link-api', level: config.LOG_LEVEL });
  // Auto-pipelining: the rate-limit calls of concurrent requests share one write (one syscall each way) per tick.
  const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false, enableAutoPipelining: true });
  redis.on('error', (err) => logger.warn({ err }, 'redis connection error'));
  // A subscribed connection can do nothing else: the link invalidation feed has one of its own.
  const subscriber = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: false });
  subscriber.on('error', (err) => logger.warn({ err }, 'redis subscriber connection error'));
  const linkInvalidations = await RedisLinkInvalidations.start(redis, subscriber, logger);
  const bus = await KafkaEventBus.connect({ ...kafkaConnectionSettings(config, 'link-api'), logger });
  const service = await startService(config, {
    logger,
    bus,
    databaseUrl: config.DATABASE_URL,
    cache: new RedisKeyValueCache({ redis }),
    rateLimiter: new RedisRateLimiter({ redis }),
    linkInvalidations,
  });
  installShutdown(logger, [
    { name: 'service', run: () => service.stop() },
    { name: 'events', run: () => bus.close() },
    { name: 'link invalidations', run: () => linkInvalidations.close() },
    { name: 'redis', run: async () => void (await redis.quit()) },
  ]);
}

main().catch((error: unknown) => {
  process.stderr.write(`link-api failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
