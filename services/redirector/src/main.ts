import { serviceMain } from '@waymark/service-kit';
import { openClickPublisher } from '@waymark/click-emission';
import { loadProductionConfig } from './config';
import { REDIRECTOR_FETCH_WAIT_MS, redirector } from './service';

serviceMain(redirector, {
  loadConfig: loadProductionConfig,
  kafkaFetchWaitMs: REDIRECTOR_FETCH_WAIT_MS,
  adapters({ config, logger, bus, kafkaClientId, redis, closeAtShutdown }) {
    const clickLogger = logger.child({ component: 'click-publisher' });
    const clicks = openClickPublisher(config, { bus, clientId: kafkaClientId, logger: clickLogger });
    // The service drains its click emitter through the publisher, so the publisher (its thread and producer) closes
    // after it, and before the bus.
    closeAtShutdown('click-publisher', () => clicks.close());
    const readModel = config.REDIS_URL
      ? redis(config.REDIS_URL, 'read model', { enableAutoPipelining: true })
      : undefined;
    return { logger, bus, clickPublisher: clicks.publisher, redis: readModel };
  },
});
