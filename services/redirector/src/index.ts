export { loadConfig, loadProductionConfig, configSchema, type Config, type ProductionConfig } from './config';
export { startService, REDIRECTOR_FETCH_WAIT_MS, type ServiceAdapters, type RunningService } from './service';
export {
  openClickPublisher,
  ThreadedClickPublisher,
  type ClickPublisher,
  type OpenedClickPublisher,
  type ThreadedClickPublisherOptions,
} from '@waymark/click-emission';
