import { Registry } from 'prom-client';
import { Pool } from 'pg';
import { startApiAuth } from '@waymark/auth';
import { MemoryRateLimiter } from '@waymark/cache';
import { instrumentEventBus, FreshReads, type Subscription } from '@waymark/events';
import {
  ControllerContainer,
  createHttpApp,
  runningService,
  startHttpServer,
  type RunningService,
  type ServiceAdapters,
} from '@waymark/http';
import { findMigrationsDir, poolConfig, runMigrations } from '@waymark/db';
import type { ClickFact } from '@waymark/contracts';
import { inStatementGroup } from '@waymark/tracing';
import type { StoredFact } from './clicks/app/clicks-ports';
import { enrichClick } from './clicks/app/enrich-click';
import { ingestClicks } from './clicks/app/ingest-clicks';
import { StripedBatchWriter } from './clicks/app/striped-batch-writer';
import { startClicksConsumer } from './clicks/infra/clicks.consumer';
import { writeFacts } from './clicks/infra/fact-writer';
import { MmdbGeoLocator } from './clicks/infra/geo-locator';
import { startLinkActivityJob } from './clicks/infra/link-activity-job';
import { PartitionManager } from './clicks/infra/partition-manager';
import { startRetentionJob } from './clicks/infra/retention-job';
import { CachedUserAgentParser } from './clicks/infra/user-agent-parser';
import { loadVisitorSalt } from './clicks/infra/visitor-salt';
import type { Config } from './config';
import { RegisterRoutes } from './generated/routes';
import { LinkAnalyticsController } from './http/link-analytics.controller';
import { TenantAnalyticsController } from './http/tenant-analytics.controller';
import { applyLinkStates } from './links/app/apply-link-states';
import { startLinksConsumer } from './links/infra/links.consumer';
import { PgLinkRefRepository } from './links/infra/pg-link-ref.repository';
import { reportUseCases } from './reports/app/report-use-cases';
import { PgAnalyticsQueryRepository } from './reports/infra/pg-analytics-query.repository';

export const SCHEMA = 'analytics_ingest';

export type { RunningService, ServiceAdapters };

export async function startService(config: Config, adapters: ServiceAdapters): Promise<RunningService> {
  const { logger } = adapters;
  const registry = new Registry();
  const bus = instrumentEventBus(adapters.bus, registry);
  const clock = adapters.clock ?? (() => new Date());
  if (!adapters.databaseUrl) throw new Error('analytics-ingest needs a databaseUrl');
  const target = { databaseUrl: adapters.databaseUrl, schema: SCHEMA };
  await runMigrations({ ...target, migrationsDir: findMigrationsDir(__dirname, 'analytics-ingest') });
  const pool = new Pool(poolConfig(target, config.DATABASE_POOL_SIZE));
  pool.on('error', (error) => logger.error({ err: error }, 'idle PostgreSQL connection failed'));

  const postgresReady = async () => (await pool.query('SELECT 1')).rowCount === 1;
  const links = new PgLinkRefRepository(pool);
  const partitions = new PartitionManager(pool);
  const queries = new PgAnalyticsQueryRepository(pool);
  const enrichDeps = {
    userAgents: new CachedUserAgentParser(),
    geo: await MmdbGeoLocator.open(config.GEOIP_CITY_MMDB),
    visitorSalt: config.VISITOR_HASH_SALT ?? (await loadVisitorSalt(pool)),
    storeRawIp: config.STORE_RAW_IP,
  };
  const retention = startRetentionJob({ pool, partitions, retentionMs: config.ANALYTICS_RETENTION, clock, logger });
  // Several partitions' batches are prepared at once and share one statement (one commit) per flush and stripe.
  const factBatches = new StripedBatchWriter<StoredFact>(
    config.CLICKS_WRITERS,
    (fact) => fact.linkId,
    async (stripe, facts) => {
      const started = performance.now();
      const inserted = await writeFacts(pool, facts, stripe);
      logger.debug(
        { stripe, facts: facts.length, inserted, writeMs: Math.round(performance.now() - started) },
        'clicks stored',
      );
    },
    config.CLICKS_STATEMENT_EVENTS,
    config.CLICKS_STATEMENT_LINGER,
  );
  const ingestDeps = {
    enrich: (click: ClickFact) => enrichClick(click, enrichDeps),
    links,
    partitions,
    write: (facts: StoredFact[]) => factBatches.submit(facts),
    retentionMs: config.ANALYTICS_RETENTION,
    clock,
    logger,
  };
  const auth = await startApiAuth({
    bus,
    logger,
    rateLimiter: adapters.rateLimiter ?? new MemoryRateLimiter(),
    cache: adapters.cache,
    clock,
  });
  // Its source, the links subscription, is added once subscribed; nothing asks it to catch up before then.
  const linksSource: Subscription[] = [];
  const linksFresh = new FreshReads(linksSource);
  const linksSubscription = await startLinksConsumer({
    bus,
    groupId: config.LINKS_CONSUMER_GROUP,
    onLinks: async (records) => {
      await applyLinkStates(records, links);
      for (const record of records) linksFresh.forget(record.key);
    },
    dependenciesReady: postgresReady,
  });
  const clicksSubscription = await startClicksConsumer({
    bus,
    groupId: config.CLICKS_CONSUMER_GROUP,
    concurrency: config.CLICKS_CONCURRENT_PARTITIONS,
    batchesInFlight: config.CLICKS_BATCHES_IN_FLIGHT,
    // One statement group per batch (link ids, partitions, the facts' write) under the batch's consumer span.
    onClicks: (clicks) => inStatementGroup('store clicks', () => ingestClicks(clicks, ingestDeps)),
    dependenciesReady: postgresReady,
  });
  const subscriptions = [linksSubscription, clicksSubscription];
  // link-api's lastClickAt: the newest click per link, from the rows the facts' statements mark pending.
  const activity = startLinkActivityJob({
    pool,
    bus,
    intervalMs: config.LINK_ACTIVITY_INTERVAL,
    pageSize: config.LINK_ACTIVITY_PAGE_SIZE,
    logger,
  });

  linksSource.push(linksSubscription);
  const useCases = reportUseCases({ links, fresh: linksFresh, queries, clock });
  const app = createHttpApp({
    registry,
    service: 'analytics-ingest',
    logger,
    corsOrigins: config.CORS_ALLOWED_ORIGINS,
    readiness: { ...auth.readiness, postgres: postgresReady, kafka: () => bus.healthy() },
    trustProxy: config.TRUST_PROXY,
    authenticator: auth.authenticator,
    controllers: new ControllerContainer()
      .register(LinkAnalyticsController, () => new LinkAnalyticsController(useCases))
      .register(TenantAnalyticsController, () => new TenantAnalyticsController(useCases)),
    mount: (a) => RegisterRoutes(a),
  });
  const http = await startHttpServer(app, { port: config.PORT, host: config.HOST, logger, drainTimeoutMs: 10_000 });
  return runningService(http.port, [
    () => http.close(),
    () => retention.stop(),
    () => activity.stop(),
    () => Promise.all(subscriptions.map((s) => s.stop())),
    () => auth.stop(),
    () => pool.end(),
  ]);
}
