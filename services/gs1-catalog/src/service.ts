import { Registry } from 'prom-client';
import { Pool } from 'pg';
import { randomUUID } from 'node:crypto';
import { idempotencyCallerOf, startApiAuth } from '@waymark/auth';
import { exportsRequestedTopic, linksTopic, type TopicDef } from '@waymark/contracts';
import {
  awaitPublished,
  createPrismaClient,
  findMigrationsDir,
  OutboxRelay,
  registerOutboxMetrics,
  poolConfig,
  OUTBOX_DDL,
  runMigrations,
} from '@waymark/db';
import { instrumentEventBus } from '@waymark/events';
import {
  bulkEnvelopeGuard,
  ControllerContainer,
  createHttpApp,
  IDEMPOTENCY_KEY_DDL,
  PgIdempotencyStore,
  startHttpServer,
  startIdempotencySweeper,
  runningService,
  type RunningService,
  type ServiceAdapters,
} from '@waymark/http';
import { createDestinationScreener, HostList } from '@waymark/screening';
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

export async function startService(config: Config, adapters: ServiceAdapters): Promise<RunningService> {
  const { logger, databaseUrl, rateLimiter, objectStore } = adapters;
  const registry = new Registry();
  const bus = instrumentEventBus(adapters.bus, registry);
  if (!databaseUrl) throw new Error('gs1-catalog needs a database (adapters.databaseUrl)');
  if (!rateLimiter) throw new Error('gs1-catalog needs a rate limiter (Redis in production, in-process embedded)');
  if (!objectStore) throw new Error('gs1-catalog needs an object store for export snapshots and zips');
  const clock = adapters.clock ?? (() => new Date());

  await runMigrations({
    databaseUrl,
    schema: SCHEMA,
    migrationsDir: findMigrationsDir(__dirname, 'gs1-catalog'),
    sharedDdl: [OUTBOX_DDL, IDEMPOTENCY_KEY_DDL],
    logger,
  });
  await objectStore.ensureBucket();
  if (!(await objectStore.setExpiry(EXPORTS_PREFIX, EXPORT_RETENTION_DAYS))) {
    logger.warn('object store has no lifecycle rules: export objects are removed by the sweeper alone');
  }
  const prisma = createPrismaClient(PrismaClient, { databaseUrl, schema: SCHEMA });
  const relay = new OutboxRelay({ databaseUrl, schema: SCHEMA, bus, topics: OUTBOX_TOPICS, logger });
  await relay.start();
  registerOutboxMetrics(registry, relay);
  const auth = await startApiAuth({ bus, logger, rateLimiter, cache: adapters.cache, clock });

  const links = new PrismaGs1LinkRepository(prisma, awaitPublished(relay, logger));
  const exportDeps: ExportDeps = {
    jobs: new PrismaExportJobRepository(prisma),
    selection: new Gs1LinkExportSelection(links),
    objectStore,
    rateLimiter,
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
  const statusSubscription = await subscribeExportStatus(
    bus,
    applyExportStatus(exportDeps),
    config.EXPORT_STATUS_GROUP,
    postgresReady,
  );
  const sweeper = startSweeper(sweepExports(exportDeps, logger), config.EXPORT_SWEEP_INTERVAL, logger);

  const fronts = new HostList(config.SHORT_DOMAINS);
  const screener = createDestinationScreener({
    maxLength: config.DESTINATION_MAX_LENGTH,
    blockedHosts: config.DESTINATION_BLOCKLIST,
    isShortDomain: (host) => auth.identity.model.domain(host) !== undefined || fronts.match(host) !== null,
  });
  const linkCases = gs1LinkUseCases({ links, screener, clock, newId: randomUUID });
  const exportCases = exportUseCases(exportDeps);
  const controllers = new ControllerContainer()
    .register(Gs1LinksController, () => new Gs1LinksController(linkCases))
    .register(Gs1ExportsController, () => new Gs1ExportsController(exportCases));
  // Idempotency-Key of POSTs, kept in this service's schema; its own small pool, so the API never waits on Prisma's.
  const idempotencyPool = new Pool(poolConfig({ databaseUrl, schema: SCHEMA }, 2));
  idempotencyPool.on('error', (err) =>
    logger.warn({ err }, 'idle idempotency connection failed; the pool replaces it'),
  );
  const idempotencyStore = new PgIdempotencyStore(idempotencyPool);
  const idempotencySweeper = startIdempotencySweeper(idempotencyStore, { logger });
  const app = createHttpApp({
    registry,
    idempotency: { store: idempotencyStore, callerOf: idempotencyCallerOf },
    service: 'gs1-catalog',
    logger,
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
    controllers,
    mount: (express) => {
      express.post('/v1/gs1/links/bulk', bulkEnvelopeGuard('records'));
      RegisterRoutes(express);
    },
  });
  const server = await startHttpServer(app, { port: config.PORT, host: config.HOST, logger });

  const stopSteps: (() => Promise<unknown>)[] = [
    () => server.close(),
    () => sweeper.stop(),
    () => statusSubscription.stop(),
    () => auth.stop(),
    () => idempotencySweeper.stop(),
    () => idempotencyPool.end(),
    () => relay.stop(),
    () => prisma.$disconnect(),
  ];
  return runningService(server.port, stopSteps);
}
