import { RedisKeyValueCache, RedisRateLimiter } from '@waymark/cache';
import { runServiceMain } from '@waymark/http';
import { loadProductionConfig } from './config';
import { startService } from './service';

runServiceMain({
  service: 'analytics-ingest',
  loadConfig: loadProductionConfig,
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
