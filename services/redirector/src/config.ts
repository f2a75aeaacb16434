import { z } from 'zod';
import { env, kafkaEnv } from '@waymark/config';
import { serviceConfig } from '@waymark/service-kit';

const list = () =>
  z.string().transform((value) =>
    value
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s.length > 0),
  );
const positiveInt = () =>
  z.string().regex(/^\d+$/, 'must be a whole number').transform(Number).pipe(z.number().int().positive());

/** The redirector's environment (see README: every variable, its default and why). */
export const configSchema = z.object({
  PORT: env.port().default(8081),
  HOST: z.string().default('0.0.0.0'),
  LOG_LEVEL: env.logLevel().default('info'),
  /** Shared read-model tier; without it every link is held in process. */
  REDIS_URL: env.url(['redis', 'rediss']).optional(),
  /** Hops allowed to set X-Forwarded-For: addresses, CIDR ranges or proxy-addr names (`loopback`, `uniquelocal`). */
  TRUSTED_PROXIES: list().default([]),
  CLICK_SPOOL_DIR: z.string().min(1).default('data/click-spool'),
  CLICK_SPOOL_MAX_BYTES: positiveInt().default(512 * 1024 * 1024),
  CLICK_BATCH_MAX: positiveInt().default(500),
  /** Below the brokers' message.max.bytes (1 MiB by default), with room for the records' own framing. */
  CLICK_BATCH_MAX_BYTES: positiveInt().default(768 * 1024),
  CLICK_FLUSH_INTERVAL: env.duration().default(100),
  CLICK_DEGRADE_AFTER: env.duration().default(2_000),
  CLICK_RETRY_INTERVAL: env.duration().default(1_000),
  /**
   * Whether `/metrics` is answered on the visitor listener. Production keeps it (Prometheus scrapes the pod's port and
   * the gateway answers visitors' `/metrics` with 404); the embedded mode, which has visitors on this very port, turns
   * it off.
   */
  METRICS_ON_VISITOR_LISTENER: env.boolean().default(true),
  /** Links held in process when Redis is the shared tier (LRU beyond that); ignored without REDIS_URL. */
  READ_MODEL_MEMORY_MAX_LINKS: positiveInt().default(2_000_000),
});

/** Parses the redirector's environment; `loadProductionConfig` also requires KAFKA_BROKERS (main.ts). */
export const { loadConfig, loadProductionConfig } = serviceConfig('redirector', configSchema, {
  ...kafkaEnv,
  /**
   * Who produces click events: `thread` (a worker thread with its own producer, off the visitor path) or `inline`
   * (the service's own producer on the main thread, as before the thread existed; a way back for operators).
   */
  CLICK_PUBLISHER: z.enum(['thread', 'inline']).default('thread'),
});

export type Config = z.output<typeof configSchema>;
export type ProductionConfig = ReturnType<typeof loadProductionConfig>;
