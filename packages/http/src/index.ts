export { createHttpApp, type HttpAppOptions } from './app/create-http-app';
export { bulkEnvelopeGuard } from './app/bulk-envelope-guard';
export type { ReadinessChecks, CheckOutcome } from './app/health';
export { REQUEST_ID_HEADER } from './app/request-id';
export { repeatedCredentialHeader } from './app/request-guard';
export { HTTP_DURATION_METRIC } from './app/metrics';
export { LOAD_SHEDDING_DEFAULTS, SHED_METRIC, type LoadSheddingOptions } from './app/load-shedding';
export { HEALTH_PATH, READY_PATH, METRICS_PATH } from './app/probe-paths';
export { startHttpServer, type HttpServerOptions, type RunningHttpServer } from './server/http-server';
export { installShutdown, type ShutdownStep, type ShutdownOptions, type ShutdownHandle } from './server/shutdown';
export { mapError, type MappedError } from './errors/error-mapping';
export { isDomainError, type DomainErrorLike } from './errors/domain-error-like';
export type { HttpErrorBody, ValidationIssue } from './errors/error-body';
export type { Authenticator } from './tsoa/authenticator';
export { ControllerContainer } from './tsoa/controller-container';
export { expressAuthentication, iocContainer } from './tsoa/hooks';
export { BoundedTemplateService } from './tsoa/bounded-template-service';
export {
  mergeOpenApi,
  OpenApiMergeError,
  type MergedOpenApi,
  type MergeOpenApiOptions,
  type OpenApiDocument,
} from './openapi/merge-openapi';
export { workerEntry } from './process/worker-entry';
export { installProcessGuard } from './process/process-guard';
export type { DateTime, Count, Url } from './openapi/wire-types';
export { withApiConventions, type ApiConventionsOptions } from './openapi/api-conventions';
export {
  idempotencyKeyFormat,
  idempotentAuthenticator,
  IDEMPOTENCY_KEY_HEADER,
  REPLAYED_HEADER,
  type IdempotencyCaller,
  type IdempotencyOptions,
} from './idempotency/idempotency';
export { PgIdempotencyStore } from './idempotency/pg-idempotency-store';
export { IDEMPOTENCY_KEY_DDL } from './idempotency/idempotency-sql';
export {
  IDEMPOTENCY_WINDOW_MS,
  type IdempotencyStore,
  type IdempotencyClaim,
  type SealedResponse,
} from './idempotency/idempotency-store';
export { startIdempotencySweeper } from './idempotency/idempotency-sweeper';
export { runningService, type RunningService, type ServiceAdapters } from './process/running-service';
export {
  runServiceMain,
  type ServiceMain,
  type ServiceMainConfig,
  type ServiceMainContext,
} from './process/service-main';
export { entityTagOf, ifMatchAllows, assertIfMatch } from './etag/entity-tag';
export { tagged, withEtagField } from './etag/etag-header';
