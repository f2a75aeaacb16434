import { minioObjectStoreFromSettings } from '@waymark/objectstore';
import { productionAdapters, serviceMain } from '@waymark/service-kit';
import { loadProductionConfig } from './config';
import { exportRenderer } from './service';

serviceMain(exportRenderer, {
  loadConfig: loadProductionConfig,
  adapters: (main) => ({ ...productionAdapters(main), objectStore: minioObjectStoreFromSettings(main.config) }),
});
