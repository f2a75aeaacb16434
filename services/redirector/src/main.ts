import { openClickPublisher } from '@waymark/click-emission';
import { runServiceMain } from '@waymark/http';
import { loadProductionConfig } from './config';
import { REDIRECTOR_FETCH_WAIT_MS, startService } from './service';

runServiceMain({
  service: 'redirector',
  loadConfig: loadProductionConfig,
  kafkaFetchWaitMs: REDIRECTOR_FETCH_WAIT_MS,
  async start({ config, logger, bus, kafkaClientId, redis, closeAtShutdown }) {
    const clickLogger = logger.child({ component: 'click-publisher' });
    const clicks = openClickPublisher(config, { bus, clientId: kafkaClientId, logger: clickLogger });
    // The service drains its click emitter through the publisher, so the publisher (its thread and producer) closes
    // after it, and before the bus.
    closeAtShutdown('click-publisher', () => clicks.close());
    const readModel = config.REDIS_URL
      ? redis(config.REDIS_URL, 'read model', { enableAutoPipelining: true })
      : undefined;
    return startService(config, { logger, bus, clickPublisher: clicks.publisher, redis: readModel });
  },
});
