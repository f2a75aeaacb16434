import { z } from 'zod';
import { databaseEnv, env, kafkaEnv, redisEnv } from '@waymark/config';
import { serviceConfig } from '@waymark/service-kit';
import { DEFAULT_PLAN_CATALOG, planCatalogJson } from './identity/domain/plan-catalog';
import { linksConfigShape } from './links/links-config';

/** A DNS server for domain verification: an IP address, optionally with a port (`127.0.0.1:5353`, `[::1]:53`). */
const dnsServerList = z.string().transform((value, ctx) => {
  const servers = value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  const bad = servers.filter(
    (s) => !/^(\d{1,3}(\.\d{1,3}){3}(:\d{1,5})?|\[[0-9a-fA-F:]+\](:\d{1,5})?|[0-9a-fA-F:]+)$/.test(s),
  );
  if (servers.length === 0 || bad.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: 'must be a comma-separated list of IP[:port] (IPv6 in brackets with a port)',
    });
    return z.NEVER;
  }
  return servers;
});

export const configSchema = z.object({
  PORT: env.port().default(8080),
  HOST: z.string().default('0.0.0.0'),
  LOG_LEVEL: env.logLevel().default('info'),
  KAFKA_BROKERS: env.brokerList().optional(),
  DATABASE_URL: env.url(['postgres', 'postgresql']).optional(),
  REDIS_URL: env.url(['redis', 'rediss']).optional(),
  /** The operator API's bearer token; compared in constant time. */
  OPERATOR_TOKEN: env.secret(32),
  /** Resolvers for DNS TXT verification; the system's when unset. */
  DNS_SERVERS: dnsServerList.optional(),
  /** How long one DNS verification may take. */
  DNS_TIMEOUT: env.duration().default(5000),
  PLAN_CATALOG: planCatalogJson.default(DEFAULT_PLAN_CATALOG),
  /** Plan of tenants created without one; must be in the catalog (or already in the database). */
  DEFAULT_PLAN: z.string().min(1).default('free'),
  /** Hops in front that may set X-Forwarded-For (the gateway). */
  TRUST_PROXY: env.trustProxyHops(),
  /** Browser origins allowed to call the API (CORS), comma-separated; none by default. */
  CORS_ALLOWED_ORIGINS: env.originList().default([]),
  ...linksConfigShape,
});

/** Parses link-api's environment (`loadProductionConfig` adds the connections main.ts opens); a bad variable throws. */
export const { loadConfig, loadProductionConfig } = serviceConfig('link-api', configSchema, {
  ...kafkaEnv,
  ...databaseEnv,
  ...redisEnv,
});

export type Config = z.output<typeof configSchema>;
export type ProductionConfig = ReturnType<typeof loadProductionConfig>;
