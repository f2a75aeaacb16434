import { Registry } from 'prom-client';
import { instrumentEventBus } from '@waymark/events';
import {
  createHttpApp,
  runningService,
  startHttpServer,
  type RunningService,
  type ServiceAdapters,
} from '@waymark/http';
import type { Config } from './config';
import { subscribeExportJobs } from './infra/export-jobs.consumer';
import { renderJob } from './infra/render-job';
import { registerRenderMetrics } from './infra/render-metrics';
import { RenderPool } from './workers/render-pool';

export type { RunningService, ServiceAdapters };

/** The renderer: no public routes (probes and metrics only); it works off exports.requested.v1. */
export async function startService(config: Config, adapters: ServiceAdapters): Promise<RunningService> {
  const { logger, objectStore } = adapters;
  const registry = new Registry();
  const bus = instrumentEventBus(adapters.bus, registry);
  if (!objectStore) throw new Error('export-renderer needs an object store for snapshots and zips');
  await objectStore.ensureBucket();
  const pool = new RenderPool(
    {
      size: config.RENDER_WORKERS,
      recycleBytes: config.RENDER_WORKER_RECYCLE_MB * 1024 * 1024,
      maxHeapMb: config.RENDER_WORKER_HEAP_MB,
      idleRecycleMs: config.RENDER_WORKER_IDLE_RECYCLE,
    },
    logger,
  );
  const deps = {
    bus,
    objectStore,
    logger,
    rendererId: config.RENDERER_ID,
    heartbeatMs: config.EXPORT_HEARTBEAT,
    renderRecords: pool.render,
    clock: adapters.clock ?? (() => new Date()),
    recordRender: registerRenderMetrics(registry),
  };
  const subscription = await subscribeExportJobs(bus, (job) => renderJob(deps, job), {
    groupId: config.EXPORT_JOBS_GROUP,
    jobsAtOnce: config.RENDER_JOBS,
    dependenciesReady: () => objectStore.healthy(),
  });
  const app = createHttpApp({
    registry,
    service: 'export-renderer',
    logger,
    readiness: { events: () => bus.healthy(), objectStore: () => objectStore.healthy() },
    mount: () => undefined,
  });
  const server = await startHttpServer(app, { port: config.PORT, host: config.HOST, logger });
  logger.info({ workers: config.RENDER_WORKERS, rendererId: config.RENDERER_ID }, 'export-renderer started');
  return runningService(server.port, [() => server.close(), () => subscription.stop(), () => pool.close()]);
}
