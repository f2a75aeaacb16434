export { startDeclaredService } from './start-declared-service';
export { ServiceKit, type IdleFailureLog } from './service-kit';
export { ServiceParts } from './service-parts';
export type { ServiceDatabase } from './service-database';
export type { ServiceDeclaration, ServiceEdge, ServiceKitConfig, ServiceRequirements } from './service-declaration';
export { serviceConfig } from './service-config';
export {
  FAIL_FAST_REDIS,
  productionAdapters,
  redisApiAdapters,
  serviceMain,
  type DeclaredServiceMain,
} from './service-main';
