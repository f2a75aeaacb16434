import { minioObjectStoreFromSettings } from '@waymark/objectstore';
import { FAIL_FAST_REDIS, productionAdapters, redisApiAdapters, serviceMain } from '@waymark/service-kit';
import { loadProductionConfig } from './config';
import { gs1Catalog } from './service';

serviceMain(gs1Catalog, {
  loadConfig: loadProductionConfig,
  adapters: (main) => ({
    ...productionAdapters(main),
    ...redisApiAdapters(main, FAIL_FAST_REDIS),
    objectStore: minioObjectStoreFromSettings(main.config),
  }),
});
