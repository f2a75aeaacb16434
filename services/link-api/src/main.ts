import { FAIL_FAST_REDIS, productionAdapters, redisApiAdapters, serviceMain } from '@waymark/service-kit';
import { loadProductionConfig } from './config';
import { RedisLinkInvalidations } from './links/infra/redis-link-invalidations';
import { linkApi } from './service';

serviceMain(linkApi, {
  loadConfig: loadProductionConfig,
  async adapters(main) {
    const { config, logger } = main;
    // Auto-pipelining: the rate-limit calls of concurrent requests share one write (one syscall each way) per tick.
    const api = redisApiAdapters(main, { ...FAIL_FAST_REDIS, lazyConnect: false, enableAutoPipelining: true });
    // A subscribed connection can do nothing else: the link invalidation feed has one of its own.
    const subscriber = main.redis(config.REDIS_URL, 'subscriber', { maxRetriesPerRequest: 1, lazyConnect: false });
    const linkInvalidations = await RedisLinkInvalidations.start(api.client, subscriber, logger);
    main.closeAtShutdown('link invalidations', () => linkInvalidations.close());
    return { ...productionAdapters(main), ...api, linkInvalidations };
  },
});
