import type { Redis } from 'ioredis';
import { busClickPublisher, ClickEmitter, ClickSpool, type ClickPublisher } from '@waymark/click-emission';
import type { RunningService as BaseRunningService, ServiceAdapters as BaseServiceAdapters } from '@waymark/http';
import { startDeclaredService, type ServiceDeclaration } from '@waymark/service-kit';
import type { Config } from './config';
import type { LinkStore } from './links/app/links-ports';
import { MemoryTenantDirectory } from './pages/infra/memory-tenant-directory';
import { visitorPages } from './pages/app/page-response';
import { subscribeIdentity } from './pages/infra/identity.consumer';
import { FreshLinkStore } from './links/infra/fresh-link-store';
import { createBotDetector } from './http/bot-detector';
import { clientIpResolver } from './http/client-ip';
import { redirectorListener } from './http/redirector-listener';
import { MemoryLinkStore } from './links/infra/memory-link-store';
import { consumeReadModel } from './links/infra/read-model';
import { registerRedirectorMetrics } from './http/redirector-metrics';
import { TieredLinkStore } from './links/infra/tiered-link-store';

/**
 * Fetch wait of the redirector's Kafka consumers. A re-point must reach every instance within a second; with a
 * fetch parked on an idle broker for the default second, a change could wait that long, so the redirector polls
 * idle brokers more often (cheap: one small request per broker every 100 ms).
 */
export const REDIRECTOR_FETCH_WAIT_MS = 100;

export interface ServiceAdapters extends Pick<BaseServiceAdapters, 'logger' | 'bus' | 'clock'> {
  /** Where click events are published; `bus` unless given (main.ts passes a producer thread, the embedded runner nothing). */
  clickPublisher?: ClickPublisher;
  /** The shared read-model tier (ioredis); without it the whole model is held in process. */
  redis?: Redis;
}

export interface RunningService extends BaseRunningService {
  /** Resolves once the read model caught up (the instance reports ready from then on). */
  readonly ready: Promise<void>;
}

/** The redirector: read model consumers, click emitter with its spool, and the HTTP listener. */
export const redirector: ServiceDeclaration<Config, ServiceAdapters, Pick<RunningService, 'ready'>> = {
  name: 'redirector',
  // Clicks are secured (published or spooled) before the consumers stop: a consumer that hangs on an unreachable
  // broker must not keep the spool from being written before the orchestrator kills us.
  stopOrder: ['http', 'click-emitter', 'read-model'],
  async compose(kit) {
    const { config, logger, bus, registry } = kit;
    const redis = kit.adapters.redis;
    const redisReady = redis ? async () => (await redis.ping()) === 'PONG' : undefined;
    const links: LinkStore = redis
      ? new TieredLinkStore({ redis, memoryMax: config.READ_MODEL_MEMORY_MAX_LINKS, logger })
      : new MemoryLinkStore();
    const tenants = new MemoryTenantDirectory();
    const spool = await ClickSpool.open(
      config.CLICK_SPOOL_DIR,
      config.CLICK_SPOOL_MAX_BYTES,
      logger.child({ component: 'click-spool' }),
    );
    const emitter = new ClickEmitter({
      publisher: kit.adapters.clickPublisher ?? busClickPublisher(bus),
      spool,
      logger: logger.child({ component: 'click-emitter' }),
      batchMax: config.CLICK_BATCH_MAX,
      batchMaxBytes: config.CLICK_BATCH_MAX_BYTES,
      flushMs: config.CLICK_FLUSH_INTERVAL,
      degradeAfterMs: config.CLICK_DEGRADE_AFTER,
      retryMs: config.CLICK_RETRY_INTERVAL,
    });
    emitter.start();
    // A start that fails (Kafka unreachable for longer than the client retries) must not leave its emitter working
    // the spool: the next start, in this process or a replacement, takes the spool over.
    kit.started('click-emitter', emitter);
    const readModel = await consumeReadModel(
      bus,
      links,
      (groupId) => subscribeIdentity(bus, tenants, groupId),
      logger.child({ component: 'read-model' }),
      'redirector',
      redisReady,
    );
    kit.started('read-model', readModel);

    const countVisit = registerRedirectorMetrics(registry, { links, emitter });
    const probes = kit.httpApp({
      readiness: {
        readModel: async () => readModel.ready(),
        ...(redisReady ? { redis: redisReady } : {}),
      },
      mount: () => undefined,
    });
    const listener = redirectorListener({
      deps: {
        links: new FreshLinkStore(links, readModel.fresh),
        tenants,
        pages: visitorPages(tenants),
        clicks: emitter,
        isBot: createBotDetector(),
      },
      probes,
      serveMetrics: config.METRICS_ON_VISITOR_LISTENER,
      clientIp: clientIpResolver(config.TRUSTED_PROXIES),
      ready: () => readModel.ready(),
      clock: kit.clock,
      logger,
      onResponse: countVisit,
    });
    return { listener, extras: { ready: readModel.caughtUp } };
  },
};

/** Starts the redirector: read model consumers, click emitter with its spool, and the HTTP listener. */
export function startService(config: Config, adapters: ServiceAdapters): Promise<RunningService> {
  return startDeclaredService(redirector, config, adapters);
}
