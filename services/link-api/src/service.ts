import { Registry } from 'prom-client';
import { idempotencyCallerOf, startApiAuth, type ApiAuth } from '@waymark/auth';
import type { KeyValueCache } from '@waymark/cache';
import { identityTopic, linksTopic, type TopicDef } from '@waymark/contracts';
import { Pool } from 'pg';
import {
  awaitPublished,
  createPrismaClient,
  OutboxRelay,
  registerOutboxMetrics,
  poolConfig,
  findMigrationsDir,
  OUTBOX_DDL,
  runMigrations,
  type AwaitPublished,
} from '@waymark/db';
import { instrumentEventBus, type EventBus, type FreshReads } from '@waymark/events';
import {
  bulkEnvelopeGuard,
  ControllerContainer,
  createHttpApp,
  IDEMPOTENCY_KEY_DDL,
  PgIdempotencyStore,
  startHttpServer,
  startIdempotencySweeper,
  type RunningService,
  type ServiceAdapters as BaseServiceAdapters,
} from '@waymark/http';
import type { Logger } from '@waymark/logging';
import type { Config } from './config';
import { apiReferenceRoutes } from './http/docs/api-reference';
import { PrismaClient } from './generated/prisma/client';
import { RegisterRoutes } from './generated/routes';
import { operatorAuthenticator, routeBySecurity } from './http/admin/operator-authenticator';
import { registerControllers } from './http/link-api-controllers';
import { createIdentityModule } from './identity/identity-module';
import { startLinkConsumers } from './links/link-consumers';
import { createLinksModule } from './links/links-module';
import type { TxtResolver } from './identity/infra/dns-txt-resolver';
import type { LinkInvalidations } from './links/infra/link-invalidations';

/** link-api's tables live in this Postgres schema. */
export const SCHEMA = 'link_api';

export type { RunningService };

export interface ServiceAdapters extends BaseServiceAdapters {
  /** DNS TXT lookups for domain verification; built from DNS_SERVERS when omitted. */
  dns?: TxtResolver;
  /**
   * How instances tell each other which links changed (for their read caches): Redis pub/sub when several instances
   * run, in-process when this one is the whole installation. Required: getting it wrong means stale reads.
   */
  linkInvalidations: LinkInvalidations;
}

/** What a feature module of link-api gets to build its repositories and use cases. */
export interface ServiceContext {
  config: Config;
  logger: Logger;
  bus: EventBus;
  prisma: PrismaClient;
  /** Plain pg for the hot reads that Prisma makes too expensive (see PgLinkReader). */
  readPool: Pool;
  clock: () => Date;
  cache?: KeyValueCache;
  /** Tenants, keys and domains as identity.v1 says (verified domains, plans, entitlements). */
  auth: ApiAuth;
  linkInvalidations: LinkInvalidations;
  /** Catches link-api's channels table up with channels.v1 (notifyChannels checks). */
  channelsFresh: FreshReads;
  /** Awaited by repositories after a commit: the write's events are on the bus before it is acknowledged. */
  published: AwaitPublished;
}

/** Connections of the read pool (pg's default): GET requests queue for one, so fewer caps the read throughput. */
const READ_POOL_SIZE = 10;

/** Topics link-api publishes through its outbox; the relay knows only these. */
const OUTBOX_TOPICS: readonly TopicDef<unknown>[] = [identityTopic, linksTopic] as readonly TopicDef<unknown>[];

export async function startService(config: Config, adapters: ServiceAdapters): Promise<RunningService> {
  const { logger } = adapters;
  const registry = new Registry();
  const bus = instrumentEventBus(adapters.bus, registry);
  const databaseUrl = adapters.databaseUrl ?? config.DATABASE_URL;
  if (!databaseUrl) throw new Error('link-api needs a database: DATABASE_URL or adapters.databaseUrl');
  if (!adapters.rateLimiter)
    throw new Error('link-api needs a rate limiter (Redis in production, in-process embedded)');
  const clock = adapters.clock ?? (() => new Date());

  await runMigrations({
    databaseUrl,
    schema: SCHEMA,
    migrationsDir: findMigrationsDir(__dirname, 'link-api'),
    sharedDdl: [OUTBOX_DDL, IDEMPOTENCY_KEY_DDL],
    logger,
  });
  // Started parts, stopped in reverse order on stop() or when a later part fails to start (nothing is left running).
  const started: (() => Promise<unknown>)[] = [];
  const stopAll = async () => {
    for (const stop of started.splice(0).reverse()) await stop();
  };
  try {
    const prisma = createPrismaClient(PrismaClient, { databaseUrl, schema: SCHEMA });
    started.push(() => prisma.$disconnect());
    const readPool = new Pool(poolConfig({ databaseUrl, schema: SCHEMA }, READ_POOL_SIZE));
    readPool.on('error', (err) => logger.warn({ err }, 'idle read connection failed; the pool replaces it'));
    started.push(() => readPool.end());
    const relay = new OutboxRelay({ databaseUrl, schema: SCHEMA, bus, topics: OUTBOX_TOPICS, logger });
    await relay.start();
    started.push(() => relay.stop());
    registerOutboxMetrics(registry, relay);
    const published = awaitPublished(relay, logger);
    const identity = createIdentityModule({
      config,
      prisma,
      clock,
      cache: adapters.cache,
      dns: adapters.dns,
      published,
    });
    await identity.seed();
    // The identity model and the consumer groups of links start together: each waits for its group join.
    const [authStart, consumersStart] = await Promise.allSettled([
      startApiAuth({
        bus,
        logger,
        rateLimiter: adapters.rateLimiter,
        cache: adapters.cache,
        usageSinks: [{ record: (usages) => identity.repo.recordKeyUsage(usages) }],
        clock,
      }),
      startLinkConsumers({
        bus,
        prisma,
        config,
        invalidations: adapters.linkInvalidations,
        databaseReady: () => identity.repo.ping(),
      }),
    ]);
    if (consumersStart.status === 'fulfilled') started.push(() => consumersStart.value.stop());
    if (authStart.status === 'fulfilled') started.push(() => authStart.value.stop());
    if (authStart.status === 'rejected') throw authStart.reason;
    if (consumersStart.status === 'rejected') throw consumersStart.reason;
    const auth = authStart.value;
    const context: ServiceContext = {
      config,
      logger,
      bus,
      prisma,
      readPool,
      clock,
      cache: adapters.cache,
      auth,
      linkInvalidations: adapters.linkInvalidations,
      published,
      channelsFresh: consumersStart.value.channels,
    };

    // Feature modules build use cases; the controllers that call them are wired here, above the features.
    const links = createLinksModule(context);
    const controllers = registerControllers(new ControllerContainer(), { identity, links }, logger);

    const idempotencyStore = new PgIdempotencyStore(readPool);
    const sweeper = startIdempotencySweeper(idempotencyStore, { logger });
    started.push(() => sweeper.stop());
    const app = createHttpApp({
      registry,
      idempotency: { store: idempotencyStore, callerOf: idempotencyCallerOf },
      service: 'link-api',
      logger,
      corsOrigins: config.CORS_ALLOWED_ORIGINS,
      bulkRowFields: { '/v1/links/bulk': 'rows' },
      trustProxy: config.TRUST_PROXY,
      readiness: { postgres: () => identity.repo.ping(), events: () => bus.healthy(), ...auth.readiness },
      authenticator: routeBySecurity(
        auth.throttleFailures(operatorAuthenticator(config.OPERATOR_TOKEN)),
        auth.authenticator,
      ),
      controllers,
      mount: (express) => {
        express.use(apiReferenceRoutes());
        express.post('/v1/links/bulk', bulkEnvelopeGuard('rows'));
        RegisterRoutes(express);
      },
    });
    const server = await startHttpServer(app, { port: config.PORT, host: config.HOST, logger });
    started.push(() => server.close());
    return { port: server.port, stop: stopAll };
  } catch (error) {
    await stopAll().catch((stopError) => logger.error({ err: stopError }, 'cleanup after a failed start failed'));
    throw error;
  }
}
