import { RedisKeyValueCache, RedisRateLimiter } from '@waymark/cache';
import { runServiceMain } from '@waymark/http';
import { loadProductionConfig } from './config';
import { NOTIFIER_FETCH_WAIT_MS, startService } from './service';

runServiceMain({
  service: 'notifier',
  loadConfig: loadProductionConfig,
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
