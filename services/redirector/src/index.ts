export { loadConfig, ConfigSchema, type Config } from './config';
export { startService, type ServiceAdapters, type RunningService } from './service';
