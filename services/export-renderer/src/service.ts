import type { RunningService, ServiceAdapters } from '@waymark/http';
import { startDeclaredService, type ServiceDeclaration } from '@waymark/service-kit';
import type { Config } from './config';
import { renderExportJob, type RenderExportJobDeps } from './jobs/app/render-export-job';
import { subscribeExportJobs } from './jobs/infra/export-jobs.consumer';
import { registerRenderMetrics } from './jobs/infra/render-metrics';
import { RenderPool } from './jobs/infra/render-pool';
import { readSnapshot } from './jobs/infra/snapshot-reader';
import { StatusReporter } from './jobs/infra/status-reporter';

export type { RunningService, ServiceAdapters };

/** The renderer: no public routes (probes and metrics only); it works off exports.requested.v1. */
export const exportRenderer: ServiceDeclaration<Config, ServiceAdapters> = {
  name: 'export-renderer',
  requires: { objectStore: 'an object store for snapshots and zips' },
  stopOrder: ['http', 'export-jobs', 'render-workers'],
  async compose(kit) {
    const { config, logger, bus, registry } = kit;
    const objectStore = kit.adapters.objectStore!;
    await objectStore.ensureBucket();
    const workers = new RenderPool(
      {
        size: config.RENDER_WORKERS,
        recycleBytes: config.RENDER_WORKER_RECYCLE_MB * 1024 * 1024,
        maxHeapMb: config.RENDER_WORKER_HEAP_MB,
        idleRecycleMs: config.RENDER_WORKER_IDLE_RECYCLE,
      },
      logger,
    );
    kit.part('render-workers', () => workers.close());
    const reporting = { bus, logger, rendererId: config.RENDERER_ID, clock: kit.clock };
    const deps: RenderExportJobDeps = {
      objectStore,
      logger,
      heartbeatMs: config.EXPORT_HEARTBEAT,
      readSnapshot: (key, jobId) => readSnapshot(objectStore, key, jobId),
      reportStatus: (job) => new StatusReporter(reporting, job),
      renderRecords: workers.render,
      recordRender: registerRenderMetrics(registry),
    };
    const jobs = await subscribeExportJobs(bus, (job) => renderExportJob(deps, job), {
      groupId: config.EXPORT_JOBS_GROUP,
      jobsAtOnce: config.RENDER_JOBS,
      dependenciesReady: () => objectStore.healthy(),
    });
    kit.started('export-jobs', jobs);
    const listener = kit.httpApp({
      readiness: { events: () => bus.healthy(), objectStore: () => objectStore.healthy() },
      mount: () => undefined,
    });
    const started = () =>
      logger.info({ workers: config.RENDER_WORKERS, rendererId: config.RENDERER_ID }, 'export-renderer started');
    return { listener, started };
  },
};

export function startService(config: Config, adapters: ServiceAdapters): Promise<RunningService> {
  return startDeclaredService(exportRenderer, config, adapters);
}
