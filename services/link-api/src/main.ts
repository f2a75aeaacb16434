import { RedisKeyValueCache, RedisRateLimiter } from '@waymark/cache';
import { runServiceMain } from '@waymark/http';
import { loadProductionConfig } from './config';
import { RedisLinkInvalidations } from './links/infra/redis-link-invalidations';
import { startService } from './service';

runServiceMain({
  service: 'link-api',
  loadConfig: loadProductionConfig,
  async start({ config, logger, bus, redis, closeAtShutdown }) {
    // Auto-pipelining: the rate-limit calls of concurrent requests share one write (one syscall each way) per tick.
    const client = redis(config.REDIS_URL, 'main', {
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      lazyConnect: false,
      enableAutoPipelining: true,
    });
    // A subscribed connection can do nothing else: the link invalidation feed has one of its own.
    const subscriber = redis(config.REDIS_URL, 'subscriber', { maxRetriesPerRequest: 1, lazyConnect: false });
    const linkInvalidations = await RedisLinkInvalidations.start(client, subscriber, logger);
    closeAtShutdown('link invalidations', () => linkInvalidations.close());
    return startService(config, {
      logger,
      bus,
      databaseUrl: config.DATABASE_URL,
      cache: new RedisKeyValueCache({ redis: client }),
      rateLimiter: new RedisRateLimiter({ redis: client }),
      linkInvalidations,
    });
  },
});
