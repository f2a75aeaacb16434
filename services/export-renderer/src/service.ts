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
import { renderExportJob, type RenderExportJobDeps } from './jobs/app/render-export-job';
import { subscribeExportJobs } from './jobs/infra/export-jobs.consumer';
import { registerRenderMetrics } from './jobs/infra/render-metrics';
import { RenderPool } from './jobs/infra/render-pool';
import { readSnapshot } from './jobs/infra/snapshot-reader';
import { StatusReporter } from './jobs/infra/status-reporter';

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
  const reporting = { bus, logger, rendererId: config.RENDERER_ID, clock: adapters.clock ?? (() => new Date()) };
  const deps: RenderExportJobDeps = {
    objectStore,
    logger,
    heartbeatMs: config.EXPORT_HEARTBEAT,
    readSnapshot: (key, jobId) => readSnapshot(objectStore, key, jobId),
    reportStatus: (job) => new StatusReporter(reporting, job),
    renderRecords: pool.render,
    recordRender: registerRenderMetrics(registry),
  };
  const subscription = await subscribeExportJobs(bus, (job) => renderExportJob(deps, job), {
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
