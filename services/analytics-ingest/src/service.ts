import { MemoryRateLimiter } from '@waymark/cache';
import type { ClickFact } from '@waymark/contracts';
import { FreshReads, type Subscription } from '@waymark/events';
import { ControllerContainer, type RunningService, type ServiceAdapters } from '@waymark/http';
import { startDeclaredService, type ServiceDeclaration } from '@waymark/service-kit';
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

export const analyticsIngest: ServiceDeclaration<Config, ServiceAdapters> = {
  name: 'analytics-ingest',
  requires: { databaseUrl: 'a databaseUrl' },
  database: { schema: SCHEMA, from: __dirname },
  stopOrder: ['http', 'retention', 'link-activity', 'consumers', 'auth', 'pool'],
  async compose(kit) {
    const { config, logger, bus, clock } = kit;
    const pool = kit.pool('pool', config.DATABASE_POOL_SIZE, {
      level: 'error',
      message: 'idle PostgreSQL connection failed',
    });
    const postgresReady = async () => (await pool.query('SELECT 1')).rowCount === 1;
    const links = new PgLinkRefRepository(pool);
    const partitions = new PartitionManager(pool);
    const enrichDeps = {
      userAgents: new CachedUserAgentParser(),
      geo: await MmdbGeoLocator.open(config.GEOIP_CITY_MMDB),
      visitorSalt: config.VISITOR_HASH_SALT ?? (await loadVisitorSalt(pool)),
      storeRawIp: config.STORE_RAW_IP,
    };
    const retentionMs = config.ANALYTICS_RETENTION;
    kit.started('retention', startRetentionJob({ pool, partitions, retentionMs, clock, logger }));
    // Several partitions' batches are prepared at once and share one statement (one commit) per flush and stripe.
    const factBatches = new StripedBatchWriter<StoredFact>(
      config.CLICKS_WRITERS,
      (fact) => fact.linkId,
      async (stripe, facts) => {
        const started = performance.now();
        const inserted = await writeFacts(pool, facts, stripe);
        const writeMs = Math.round(performance.now() - started);
        logger.debug({ stripe, facts: facts.length, inserted, writeMs }, 'clicks stored');
      },
      config.CLICKS_STATEMENT_EVENTS,
      config.CLICKS_STATEMENT_LINGER,
    );
    const ingestDeps = {
      enrich: (click: ClickFact) => enrichClick(click, enrichDeps),
      ...{ links, partitions, retentionMs, clock, logger },
      write: (facts: StoredFact[]) => factBatches.submit(facts),
    };
    const auth = await kit.auth({ rateLimiter: kit.adapters.rateLimiter ?? new MemoryRateLimiter() });
    // Its source, the links subscription, is added once subscribed; nothing asks it to catch up before then.
    const linksSource: Subscription[] = [];
    const linksFresh = new FreshReads(linksSource);
    const subscriptions: Subscription[] = [];
    kit.part('consumers', () => Promise.all(subscriptions.map((s) => s.stop())));
    const linksSubscription = await startLinksConsumer({
      bus,
      groupId: config.LINKS_CONSUMER_GROUP,
      onLinks: async (records) => {
        await applyLinkStates(records, links);
        for (const record of records) linksFresh.forget(record.key);
      },
      dependenciesReady: postgresReady,
    });
    subscriptions.push(linksSubscription);
    const clicksSubscription = await startClicksConsumer({
      bus,
      groupId: config.CLICKS_CONSUMER_GROUP,
      concurrency: config.CLICKS_CONCURRENT_PARTITIONS,
      batchesInFlight: config.CLICKS_BATCHES_IN_FLIGHT,
      // One statement group per batch (link ids, partitions, the facts' write) under the batch's consumer span.
      onClicks: (clicks) => inStatementGroup('store clicks', () => ingestClicks(clicks, ingestDeps)),
      dependenciesReady: postgresReady,
    });
    subscriptions.push(clicksSubscription);
    // link-api's lastClickAt: the newest click per link, from the rows the facts' statements mark pending.
    const intervalMs = config.LINK_ACTIVITY_INTERVAL;
    const pageSize = config.LINK_ACTIVITY_PAGE_SIZE;
    kit.started('link-activity', startLinkActivityJob({ pool, bus, intervalMs, pageSize, logger }));

    linksSource.push(linksSubscription);
    const queries = new PgAnalyticsQueryRepository(pool);
    const useCases = reportUseCases({ links, fresh: linksFresh, queries, clock });
    const listener = kit.httpApp({
      corsOrigins: config.CORS_ALLOWED_ORIGINS,
      readiness: { ...auth.readiness, postgres: postgresReady, kafka: () => bus.healthy() },
      trustProxy: config.TRUST_PROXY,
      authenticator: auth.authenticator,
      controllers: new ControllerContainer()
        .register(LinkAnalyticsController, () => new LinkAnalyticsController(useCases))
        .register(TenantAnalyticsController, () => new TenantAnalyticsController(useCases)),
      mount: (a) => RegisterRoutes(a),
    });
    return { listener, drainTimeoutMs: 10_000 };
  },
};

export function startService(config: Config, adapters: ServiceAdapters): Promise<RunningService> {
  return startDeclaredService(analyticsIngest, config, adapters);
}
