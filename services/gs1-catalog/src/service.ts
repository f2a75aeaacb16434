import { randomUUID } from 'node:crypto';
import { exportsRequestedTopic, linksTopic, type TopicDef } from '@waymark/contracts';
import { bulkEnvelopeGuard, ControllerContainer, type RunningService, type ServiceAdapters } from '@waymark/http';
import { createDestinationScreener, HostList } from '@waymark/screening';
import { startDeclaredService, type ServiceDeclaration } from '@waymark/service-kit';
import type { Config } from './config';
import { applyExportStatus, sweepExports } from './exports/app/export-lifecycle';
import type { ExportDeps } from './exports/app/export-ports';
import { exportUseCases } from './exports/app/export-use-cases';
import { EXPORTS_PREFIX } from './exports/domain/export-job';
import { subscribeExportStatus } from './exports/infra/export-status.consumer';
import { startSweeper } from './exports/infra/export-sweeper';
import { PrismaExportJobRepository } from './exports/infra/prisma-export-job.repository';
import { Gs1LinkExportSelection } from './exports/infra/gs1-link-export-selection';
import { registerExportQueueMetrics } from './exports/infra/export-queue-metrics';
import { PrismaClient } from './generated/prisma/client';
import { RegisterRoutes } from './generated/routes';
import { Gs1ExportsController } from './http/gs1-exports.controller';
import { Gs1LinksController } from './http/gs1-links.controller';
import { gs1LinkUseCases } from './links/app/gs1-link-use-cases';
import { PrismaGs1LinkRepository } from './links/infra/prisma-gs1-link.repository';

/** gs1-catalog's tables live in this Postgres schema. */
export const SCHEMA = 'gs1_catalog';
const OUTBOX_TOPICS = [linksTopic, exportsRequestedTopic] as readonly TopicDef<unknown>[];
const EXPORT_RETENTION_DAYS = 30;

export type { RunningService, ServiceAdapters };

export const gs1Catalog: ServiceDeclaration<Config, ServiceAdapters> = {
  name: 'gs1-catalog',
  requires: {
    databaseUrl: 'a database (adapters.databaseUrl)',
    rateLimiter: 'a rate limiter (Redis in production, in-process embedded)',
    objectStore: 'an object store for export snapshots and zips',
  },
  database: { schema: SCHEMA, from: __dirname, outbox: OUTBOX_TOPICS, idempotency: true },
  stopOrder: ['http', 'export-sweeper', 'export-status', 'auth', 'idempotency', 'outbox', 'prisma'],
  async compose(kit) {
    const { config, logger, bus, clock, registry } = kit;
    const objectStore = kit.adapters.objectStore!;
    await objectStore.ensureBucket();
    if (!(await objectStore.setExpiry(EXPORTS_PREFIX, EXPORT_RETENTION_DAYS))) {
      logger.warn('object store has no lifecycle rules: export objects are removed by the sweeper alone');
    }
    const prisma = kit.prisma(PrismaClient);
    const { published } = await kit.outbox();
    const auth = await kit.auth();

    const links = new PrismaGs1LinkRepository(prisma, published);
    const exportDeps: ExportDeps = {
      jobs: new PrismaExportJobRepository(prisma),
      selection: new Gs1LinkExportSelection(links),
      objectStore,
      rateLimiter: kit.adapters.rateLimiter!,
      lease: {
        pendingTimeoutMs: config.EXPORT_PENDING_TIMEOUT,
        renderingLeaseMs: config.EXPORT_RENDERING_LEASE,
        maxAttempts: config.EXPORT_MAX_ATTEMPTS,
      },
      clock,
      newId: randomUUID,
    };
    registerExportQueueMetrics(registry, prisma);
    const postgresReady = async () => (await prisma.$queryRaw<unknown[]>`SELECT 1`).length === 1;
    const onStatus = applyExportStatus(exportDeps);
    kit.started('export-status', await subscribeExportStatus(bus, onStatus, config.EXPORT_STATUS_GROUP, postgresReady));
    const sweep = sweepExports(exportDeps, logger);
    kit.started('export-sweeper', startSweeper(sweep, config.EXPORT_SWEEP_INTERVAL, logger));

    const fronts = new HostList(config.SHORT_DOMAINS);
    const screener = createDestinationScreener({
      maxLength: config.DESTINATION_MAX_LENGTH,
      blockedHosts: config.DESTINATION_BLOCKLIST,
      isShortDomain: (host) => auth.identity.model.domain(host) !== undefined || fronts.match(host) !== null,
    });
    const linkCases = gs1LinkUseCases({ links, screener, clock, newId: randomUUID });
    const exportCases = exportUseCases(exportDeps);
    const listener = kit.httpApp({
      idempotency: kit.idempotency(),
      corsOrigins: config.CORS_ALLOWED_ORIGINS,
      bulkRowFields: { '/v1/gs1/links/bulk': 'records' },
      trustProxy: config.TRUST_PROXY,
      readiness: {
        postgres: postgresReady,
        events: () => bus.healthy(),
        objectStore: () => objectStore.healthy(),
        ...auth.readiness,
      },
      authenticator: auth.authenticator,
      controllers: new ControllerContainer()
        .register(Gs1LinksController, () => new Gs1LinksController(linkCases))
        .register(Gs1ExportsController, () => new Gs1ExportsController(exportCases)),
      mount: (express) => {
        express.post('/v1/gs1/links/bulk', bulkEnvelopeGuard('records'));
        RegisterRoutes(express);
      },
    });
    return { listener };
  },
};

export function startService(config: Config, adapters: ServiceAdapters): Promise<RunningService> {
  return startDeclaredService(gs1Catalog, config, adapters);
}
