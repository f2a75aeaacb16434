export { loadConfig, loadProductionConfig, configSchema, type Config, type ProductionConfig } from './config';
export { startService, SCHEMA, type RunningService, type ServiceAdapters, type ServiceContext } from './service';
export { DEFAULT_PLAN_CATALOG } from './identity/domain/plan-catalog';
export type { TxtResolver } from './identity/infra/dns-txt-resolver';
export { InProcessLinkInvalidations, type LinkInvalidations } from './links/infra/link-invalidations';
export { RedisLinkInvalidations } from './links/infra/redis-link-invalidations';
