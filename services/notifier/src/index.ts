export { configSchema, loadConfig, checkConfig, type Config } from './config';
export { startService, NOTIFIER_FETCH_WAIT_MS, type ServiceAdapters, type RunningService } from './service';
