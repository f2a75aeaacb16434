import { RedisKeyValueCache, RedisRateLimiter } from '@waymark/cache';
import { databaseEnv, kafkaEnv, parseConfig, redisEnv } from '@waymark/config';
import { runServiceMain } from '@waymark/http';
import { checkConfig, configSchema } from './config';
import { NOTIFIER_FETCH_WAIT_MS, startService } from './service';

const productionSchema = configSchema.extend({ ...kafkaEnv, ...databaseEnv, ...redisEnv });

runServiceMain({
  service: 'notifier',
  loadConfig: (env) => checkConfig(parseConfig(productionSchema, env, { service: 'notifier' })),
  // Notifications are real time: an idle fetch returns after at most this long (the default 1 s was most of the
  // click-to-delivery latency on brokers that hold a fetch until it expires).
  kafkaFetchWaitMs: NOTIFIER_FETCH_WAIT_MS,
  async start({ config, logger, bus, redis }) {
    const client = redis(config.REDIS_URL, 'main', { maxRetriesPerRequest: 1, enableOfflineQueue: false });
    return startService(config, {
      logger,
      bus,
      databaseUrl: config.DATABASE_URL,
      cache: new RedisKeyValueCache({ redis: client }),
      rateLimiter: new RedisRateLimiter({ redis: client }),
    });
  },
});
