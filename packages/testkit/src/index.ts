export type { TestInfra } from './test-infra';
export { getTestInfra } from './state-file';
export { createTestDatabase, type DatabaseTemplate, type TestDatabaseOptions } from './test-database';
export { uniqueName } from './unique-name';
export { waitFor, type WaitForOptions } from './wait-for';
export { startPostgres, type PostgresOptions, type StartedPostgres } from './postgres-process';
export { startRedis, type StartedRedis } from './redis-process';
export { startKafkaMock, type KafkaMockOptions, type StartedKafkaMock } from './kafka-mock-process';
export { startS3, type StartedS3 } from './s3-server';
export { startTestInfra } from './shared-infra';
export type { StartedTestInfra } from './infra-provider';
export { startFaultProxy, type FaultMode, type FaultProxy, type FaultProxyOptions } from './fault-proxy';
export { ManagedProcess, type ManagedProcessOptions } from './managed-process';
export { freePort } from './free-port';
export { embeddedRunnerEnv, type EmbeddedPorts } from './embedded-env';
export { refusedConnectionError } from './refused-connection';
export { wrkLoader, type LoadRound, type WrkLoad, type WrkLoadOptions } from './wrk-load';
export { latencyPercentileUs, type LatencyHistogram } from './latency-histogram';
export { rejectionOf } from './rejection-of';
export { launchChromium, CHROMIUM_ARGS, type LaunchedChromium } from './chromium';
export { watchPage, type PageWatch } from './page-watch';
export { startSmtpSink, type ReceivedMail, type SmtpSink } from './smtp-sink';
export { decodeQrSvg, type DecodedQr } from './qr-decode';
export { startLocalDns, type LocalDns } from './local-dns';
export {
  apiKeyRecord,
  GENEROUS_PLAN,
  tenantRecord,
  type PlanRecord,
  type TenantRecordOptions,
} from './identity-records';
export { settled } from './settled';
export {
  bodyFields,
  bodyWith,
  HOSTILE_BODIES,
  HOSTILE_HEADER_SETS,
  HOSTILE_HEADER_VALUES,
  HOSTILE_JSON_VALUES,
  HOSTILE_PATH_VALUES,
  HOSTILE_QUERY_VALUES,
  type FieldPath,
} from './hostile/hostile-inputs';
export { hostileRequests, type EntryPoint, type HostileRequest } from './hostile/hostile-requests';
export { hostilePassFailures } from './hostile/hostile-pass';
export { rawExchange, type RawAnswer } from './hostile/raw-exchange';
export { runMain } from './run-main';
export { stopChild } from './stop-child';
export { fetchJson, type JsonAnswer } from './fetch-json';
