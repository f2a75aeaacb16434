export { startDeclaredService } from './start-declared-service';
export { ServiceKit, type IdleFailureLog } from './service-kit';
export { ServiceParts } from './service-parts';
export type { ServiceDatabase } from './service-database';
export type { ServiceDeclaration, ServiceEdge, ServiceKitConfig, ServiceRequirements } from './service-declaration';
