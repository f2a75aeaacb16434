import type { Pool } from 'pg';
import type { ApiAuth } from '@waymark/auth';
import type { KeyValueCache } from '@waymark/cache';
import { identityTopic, linksTopic, type TopicDef } from '@waymark/contracts';
import type { AwaitPublished } from '@waymark/db';
import type { EventBus, FreshReads } from '@waymark/events';
import {
  bulkEnvelopeGuard,
  ControllerContainer,
  type RunningService,
  type ServiceAdapters as BaseServiceAdapters,
} from '@waymark/http';
import type { Logger } from '@waymark/logging';
import { startDeclaredService, type ServiceDeclaration } from '@waymark/service-kit';
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

export const linkApi: ServiceDeclaration<Config, ServiceAdapters> = {
  name: 'link-api',
  requires: {
    databaseUrl: 'a database: DATABASE_URL or adapters.databaseUrl',
    rateLimiter: 'a rate limiter (Redis in production, in-process embedded)',
  },
  database: { schema: SCHEMA, from: __dirname, outbox: OUTBOX_TOPICS, idempotency: true },
  stopOrder: ['http', 'idempotency', 'auth', 'consumers', 'outbox', 'read-pool', 'prisma'],
  async compose(kit) {
    const { config, logger, bus, clock, adapters } = kit;
    const prisma = kit.prisma(PrismaClient);
    const readPool = kit.pool('read-pool', READ_POOL_SIZE, {
      level: 'warn',
      message: 'idle read connection failed; the pool replaces it',
    });
    const { published } = await kit.outbox();
    const { cache, dns } = adapters;
    const identity = createIdentityModule({ config, prisma, clock, cache, dns, published });
    await identity.seed();
    // The identity model and the consumer groups of links start together: each waits for its group join.
    const [authStart, consumersStart] = await Promise.allSettled([
      kit.auth({ usageSinks: [{ record: (usages) => identity.repo.recordKeyUsage(usages) }] }),
      startLinkConsumers({
        bus,
        prisma,
        config,
        invalidations: adapters.linkInvalidations,
        databaseReady: () => identity.repo.ping(),
      }),
    ]);
    if (consumersStart.status === 'fulfilled') kit.started('consumers', consumersStart.value);
    if (authStart.status === 'rejected') throw authStart.reason;
    if (consumersStart.status === 'rejected') throw consumersStart.reason;
    const auth = authStart.value;
    const context: ServiceContext = {
      ...{ config, logger, bus, prisma, readPool, clock, cache, auth, published },
      linkInvalidations: adapters.linkInvalidations,
      channelsFresh: consumersStart.value.channels,
    };

    // Feature modules build use cases; the controllers that call them are wired here, above the features.
    const links = createLinksModule(context);
    const controllers = registerControllers(new ControllerContainer(), { identity, links }, logger);
    const listener = kit.httpApp({
      idempotency: kit.idempotency(readPool),
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
    return { listener };
  },
};

export function startService(config: Config, adapters: ServiceAdapters): Promise<RunningService> {
  return startDeclaredService(linkApi, config, adapters);
}
