import { z } from 'zod';
import { databaseEnv, env, kafkaEnv, redisEnv } from '@waymark/config';
import { serviceConfig } from '@waymark/service-kit';

/** analytics-ingest's own settings (loadProductionConfig adds the adapters' connections). */
export const configSchema = z.object({
  PORT: env.port().default(8082),
  HOST: z.string().min(1).default('0.0.0.0'),
  LOG_LEVEL: env.logLevel().default('info'),
  /** Browser origins allowed to call the API (CORS), comma-separated; none by default. */
  CORS_ALLOWED_ORIGINS: env.originList().default([]),
  /** Hops in front that may set X-Forwarded-For (the gateway). */
  TRUST_PROXY: env.trustProxyHops(),
  CLICKS_CONSUMER_GROUP: z.string().min(1).default('analytics-ingest'),
  LINKS_CONSUMER_GROUP: z.string().min(1).default('analytics-ingest.links'),
  /** How long facts and rollups are kept (whole UTC days); at least 2 days. */
  ANALYTICS_RETENTION: env
    .duration()
    .default(400 * 86_400_000)
    .pipe(z.number().min(2 * 86_400_000, 'must be at least 2d')),
  /** `true` stores visitors' raw IP addresses beside the salted hash. Off by default. */
  STORE_RAW_IP: env.boolean().default(false),
  /** Salt of the visitor hash; by default a random one generated once and kept in the service's database. */
  VISITOR_HASH_SALT: env.secret(16).optional(),
  /** A MaxMind-format City database to use instead of the GeoLite2 City data shipped with the service. */
  GEOIP_CITY_MMDB: z.string().min(1).optional(),
  /** clicks.v1 partitions whose batches are handled at once, merged into one statement. */
  CLICKS_CONCURRENT_PARTITIONS: z.coerce.number().int().min(1).max(64).default(4),
  /**
   * Batches of one partition handed out before the earlier ones are stored (offsets still committed in order, only
   * once stored): statements then grow with the load instead of with the size of one fetch.
   */
  CLICKS_BATCHES_IN_FLIGHT: z.coerce.number().int().min(1).max(64).default(16),
  /** A statement takes whole batches until it holds this many events. */
  CLICKS_STATEMENT_EVENTS: z.coerce.number().int().min(1).max(50_000).default(5000),
  /**
   * How long a writer holds clicks before its statement when it has fewer than CLICKS_STATEMENT_EVENTS: under a
   * light load, fewer and larger statements (each click costs the database less); `0ms` writes at once.
   */
  CLICKS_STATEMENT_LINGER: env.duration().default(250).pipe(z.number().max(5000, 'must be at most 5s')),
  /**
   * Statements that store clicks at once, each for its own stripe of links (link id modulo this). One statement
   * keeps one PostgreSQL core busy; more than the database's cores only adds contention.
   */
  CLICKS_WRITERS: z.coerce.number().int().min(1).max(16).default(2),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(100).default(10),
  /**
   * How often links' newest clicks (link-api's lastClickAt) are published on link-activity.v1: a link goes out at
   * most once per interval, so lastClickAt trails the click by up to this much plus the consumer's lag.
   */
  LINK_ACTIVITY_INTERVAL: env.duration().default(5_000).pipe(z.number().min(100, 'must be at least 100ms')),
  /** Links per page of link activity: one read, one publish and one update each. */
  LINK_ACTIVITY_PAGE_SIZE: z.coerce.number().int().min(1).max(50_000).default(1_000),
});

/** Parses analytics-ingest's environment (`loadProductionConfig` adds the connections main.ts opens); a bad variable throws. */
export const { loadConfig, loadProductionConfig } = serviceConfig('analytics-ingest', configSchema, {
  ...kafkaEnv,
  ...databaseEnv,
  ...redisEnv,
});

export type Config = z.output<typeof configSchema>;
export type ProductionConfig = ReturnType<typeof loadProductionConfig>;
