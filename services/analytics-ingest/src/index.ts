export { configSchema, loadConfig, type Config } from './config';
export { startService, SCHEMA, type RunningService, type ServiceAdapters } from './service';
