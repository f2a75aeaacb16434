import { z } from 'zod';
import { databaseEnv, env, kafkaEnv, objectStoreEnv, redisEnv } from '@waymark/config';
import { serviceConfig } from '@waymark/service-kit';
import { screeningConfigShape } from '@waymark/screening';

/** gs1-catalog's own settings; the adapters' connection settings are main.ts's (see productionConfigSchema). */
export const configSchema = z.object({
  PORT: env.port().default(8084),
  HOST: z.string().default('0.0.0.0'),
  LOG_LEVEL: env.logLevel().default('info'),
  /** Browser origins allowed to call the API (CORS), comma-separated; none by default. */
  CORS_ALLOWED_ORIGINS: env.originList().default([]),
  /** Hops in front that may set X-Forwarded-For (the gateway). */
  TRUST_PROXY: env.trustProxyHops(),
  /** How long an export job may wait for a renderer to pick it up before it is handed out again. */
  EXPORT_PENDING_TIMEOUT: env.duration().default(600_000),
  /** How long a renderer's last progress report keeps a rendering job its own (renderers report every few seconds). */
  EXPORT_RENDERING_LEASE: env.duration().default(60_000),
  /** Hand-outs of one export job before it is failed. */
  EXPORT_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(3),
  /** Kafka consumer group on exports.status.v1; instances of one deployment share it. */
  EXPORT_STATUS_GROUP: z.string().min(1).default('gs1-catalog.exports-status'),
  /** How often leases and the 30-day expiry are checked. */
  EXPORT_SWEEP_INTERVAL: env.duration().default(5_000),
  /** Destination screening: the same settings as link-api's, so both refuse the same redirect targets. */
  ...screeningConfigShape,
});

/** Parses gs1-catalog's environment (`loadProductionConfig` adds the connections main.ts opens); a bad variable throws. */
export const { loadConfig, loadProductionConfig } = serviceConfig('gs1-catalog', configSchema, {
  ...kafkaEnv,
  ...databaseEnv,
  ...redisEnv,
  ...objectStoreEnv,
});

export type Config = z.output<typeof configSchema>;
export type ProductionConfig = ReturnType<typeof loadProductionConfig>;
