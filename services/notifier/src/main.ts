import { FAIL_FAST_REDIS, productionAdapters, redisApiAdapters, serviceMain } from '@waymark/service-kit';
import { loadProductionConfig } from './config';
import { NOTIFIER_FETCH_WAIT_MS, notifier } from './service';

serviceMain(notifier, {
  loadConfig: loadProductionConfig,
  // Notifications are real time: an idle fetch returns after at most this long (the default 1 s was most of the
  // click-to-delivery latency on brokers that hold a fetch until it expires).
  kafkaFetchWaitMs: NOTIFIER_FETCH_WAIT_MS,
  adapters: (main) => ({ ...productionAdapters(main), ...redisApiAdapters(main, FAIL_FAST_REDIS) }),
});
