export { loadConfig, ConfigSchema, type Config } from './config';
export { startService, REDIRECTOR_FETCH_WAIT_MS, type ServiceAdapters, type RunningService } from './service';
