export { loadConfig, loadProductionConfig, configSchema, type Config, type ProductionConfig } from './config';
export { startService, REDIRECTOR_FETCH_WAIT_MS, type ServiceAdapters, type RunningService } from './service';
export type { ClickPublisher } from './clicks/infra/click-emitter';
export { ThreadedClickPublisher, type ThreadedClickPublisherOptions } from './clicks/infra/threaded-click-publisher';
export { openClickPublisher, type OpenedClickPublisher } from './clicks/infra/open-click-publisher';
