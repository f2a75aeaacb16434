import { RedisKeyValueCache, RedisRateLimiter } from '@waymark/cache';
import { databaseEnv, kafkaEnv, parseConfig, redisEnv } from '@waymark/config';
import { runServiceMain } from '@waymark/http';
import { configSchema } from './config';
import { startService } from './service';

const productionSchema = configSchema.extend({ ...kafkaEnv, ...databaseEnv, ...redisEnv });

runServiceMain({
  service: 'analytics-ingest',
  loadConfig: (env) => parseConfig(productionSchema, env, { service: 'analytics-ingest' }),
  async start({ config, logger, bus, redis }) {
    const client = redis(config.REDIS_URL, 'main');
    return startService(config, {
      logger,
      bus,
      databaseUrl: config.DATABASE_URL,
      cache: new RedisKeyValueCache({ redis: client, ownsConnection: false }),
      rateLimiter: new RedisRateLimiter({ redis: client }),
    });
  },
});
