export { configSchema, loadConfig, checkConfig, type Config } from './config';
export { startService, type ServiceAdapters, type RunningService } from './service';
