export { loadConfig, loadProductionConfig, configSchema, type Config, type ProductionConfig } from './config';
export { startService, type RunningService, type ServiceAdapters } from './service';
