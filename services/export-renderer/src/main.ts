import { runServiceMain } from '@waymark/http';
import { minioObjectStoreFromSettings } from '@waymark/objectstore';
import { loadProductionConfig } from './config';
import { startService } from './service';

runServiceMain({
  service: 'export-renderer',
  loadConfig: loadProductionConfig,
  start: ({ config, logger, bus }) =>
    startService(config, { logger, bus, objectStore: minioObjectStoreFromSettings(config) }),
});
