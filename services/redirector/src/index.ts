export { loadConfig, loadProductionConfig, ConfigSchema, type Config, type ProductionConfig } from './config';
export { startService, REDIRECTOR_FETCH_WAIT_MS, type ServiceAdapters, type RunningService } from './service';
