import Redis from 'ioredis';
import { parseConfig, kafkaEnv, databaseEnv, redisEnv } from '@waymark/config';
import { RedisKeyValueCache, RedisRateLimiter } from '@waymark/cache';
import { KafkaEventBus, kafkaConnectionSettings } from '@waymark/events';
import { installShutdown } from '@waymark/http';
import { createLogger } from '@waymark/logging';
import { configSchema } from './config';
import { startService } from './service';

async function main(): Promise<void> {
  const config = parseConfig(configSchema.extend({ ...kafkaEnv, ...databaseEnv, ...redisEnv }), process.env, {
    service: 'analytics-ingest',
  });
  const logger = createLogger({ service: 'analytics-ingest', level: config.LOG_LEVEL });
  const bus = await KafkaEventBus.connect({ ...kafkaConnectionSettings(config, 'analytics-ingest'), logger });
  const redis = new Redis(config.REDIS_URL);
  const cache = new RedisKeyValueCache({ redis, ownsConnection: false });
  const rateLimiter = new RedisRateLimiter({ redis });
  const service = await startService(config, { logger, bus, databaseUrl: config.DATABASE_URL, cache, rateLimiter });
  installShutdown(logger, [
    { name: 'service', run: () => service.stop() },
    { name: 'clients', run: () => Promise.all([bus.close(), redis.quit()]).then(() => undefined) },
  ]);
}

main().catch((error: unknown) => {
  process.stderr.write(`analytics-ingest failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
