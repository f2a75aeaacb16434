import { productionAdapters, redisApiAdapters, serviceMain } from '@waymark/service-kit';
import { loadProductionConfig } from './config';
import { analyticsIngest } from './service';

serviceMain(analyticsIngest, {
  loadConfig: loadProductionConfig,
  adapters: (main) => ({ ...productionAdapters(main), ...redisApiAdapters(main) }),
});
