import { RedisKeyValueCache, RedisRateLimiter } from '@waymark/cache';
import { runServiceMain } from '@waymark/http';
import { minioObjectStoreFromSettings } from '@waymark/objectstore';
import { loadProductionConfig } from './config';
import { startService } from './service';

runServiceMain({
  service: 'gs1-catalog',
  loadConfig: loadProductionConfig,
  async start({ config, logger, bus, redis }) {
    const client = redis(config.REDIS_URL, 'main', { maxRetriesPerRequest: 1, enableOfflineQueue: false });
    return startService(config, {
      logger,
      bus,
      databaseUrl: config.DATABASE_URL,
      cache: new RedisKeyValueCache({ redis: client }),
      rateLimiter: new RedisRateLimiter({ redis: client }),
      objectStore: minioObjectStoreFromSettings(config),
    });
  },
});
