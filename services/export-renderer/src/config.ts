import { availableParallelism, hostname } from 'node:os';
import { z } from 'zod';
import { env, kafkaEnv, objectStoreEnv } from '@waymark/config';
import { serviceConfig } from '@waymark/service-kit';

/** export-renderer's own settings; the adapters' connection settings are main.ts's (productionConfigSchema). */
export const configSchema = z.object({
  PORT: env.port().default(8085),
  HOST: z.string().default('0.0.0.0'),
  LOG_LEVEL: env.logLevel().default('info'),
  /** Render threads per instance; one per core by default. */
  RENDER_WORKERS: z.coerce.number().int().min(1).max(64).default(availableParallelism()),
  /** Export jobs one instance renders at once; their records share the render threads, the tenants in turn. */
  RENDER_JOBS: z.coerce.number().int().min(1).max(64).default(4),
  /** A render thread whose own memory (heap and buffers) is past this after a task is replaced (MB). */
  RENDER_WORKER_RECYCLE_MB: z.coerce.number().int().min(16).max(65_536).default(128),
  /** Render threads that rendered anything are replaced after this long with nothing to render; `0s`: never. */
  RENDER_WORKER_IDLE_RECYCLE: env.duration().default(5_000),
  /** V8 heap limit of each render thread (MB); buffers are outside it and bounded by the render budget. */
  RENDER_WORKER_HEAP_MB: z.coerce.number().int().min(32).max(65_536).default(512),
  /** How often a rendering job's progress is re-sent: the heartbeat behind gs1-catalog's lease (keep it well under it). */
  EXPORT_HEARTBEAT: env.duration().default(5_000),
  /** Kafka consumer group of the renderers on exports.requested.v1; instances of one deployment share it. */
  EXPORT_JOBS_GROUP: z.string().min(1).default('export-renderer'),
  /** Names this instance in status events and logs. */
  RENDERER_ID: z.string().min(1).max(128).default(`${hostname()}-${process.pid}`),
});

/** Parses export-renderer's environment (`loadProductionConfig` adds the connections main.ts opens); a bad variable throws. */
export const { loadConfig, loadProductionConfig } = serviceConfig('export-renderer', configSchema, {
  ...kafkaEnv,
  ...objectStoreEnv,
});

export type Config = z.output<typeof configSchema>;
export type ProductionConfig = ReturnType<typeof loadProductionConfig>;
