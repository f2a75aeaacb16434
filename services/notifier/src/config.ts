import { z } from 'zod';
import { ConfigError, databaseEnv, env, kafkaEnv, redisEnv } from '@waymark/config';
import { serviceConfig } from '@waymark/service-kit';
import { parseAllowedHost } from './channels/domain/allowed-hosts';

const hostList = z.string().transform((value) =>
  value
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter((h) => h.length > 0),
);

/** One `host:port` allowlist entry, normalised; a bare host is refused with the reason. */
const allowedHost = z.string().transform((entry, ctx) => {
  const parsed = parseAllowedHost(entry);
  if (parsed.ok) return parsed.entry;
  ctx.addIssue({ code: 'custom', message: parsed.reason });
  return z.NEVER;
});

const base64Key = z.string().refine((value) => Buffer.from(value, 'base64').length === 32, {
  message: 'must be 32 bytes, base64-encoded (openssl rand -base64 32)',
});

/**
 * The notifier's own settings (loadProductionConfig adds the adapters' connections).
 * Every duration is `500ms`/`30s`/`5m` style.
 */
export const configSchema = z.object({
  PORT: env.port().default(8083),
  HOST: z.string().min(1).default('0.0.0.0'),
  LOG_LEVEL: env.logLevel().default('info'),
  /** Browser origins allowed to call the API (CORS), comma-separated; none by default. */
  CORS_ALLOWED_ORIGINS: env.originList().default([]),
  /** Hops in front that may set X-Forwarded-For (the gateway). */
  TRUST_PROXY: env.trustProxyHops(),
  /** AES-256-GCM key that seals signing secrets at rest (see SECRET_ENCRYPTION_PREVIOUS_KEYS to rotate it). */
  SECRET_ENCRYPTION_KEY: base64Key,
  /**
   * Earlier keys, comma-separated: they only open secrets, which the notifier then re-seals with the current key
   * (at start and every SECRET_RESEAL_INTERVAL). Remove a key once the log says nothing is sealed with it any more.
   */
  SECRET_ENCRYPTION_PREVIOUS_KEYS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((key) => key.trim())
        .filter((key) => key.length > 0),
    )
    .pipe(z.array(base64Key)),
  /** 1 s to 24 h: a zero interval would run passes back to back, and timers cannot wait longer than 24.8 days. */
  SECRET_RESEAL_INTERVAL: env
    .duration()
    .pipe(z.number().min(1_000, 'must be at least 1s').max(86_400_000, 'must be at most 24h'))
    .default(10 * 60_000),
  /**
   * `host:port` entries, comma-separated, allowed over plain http and exempt from the private-address checks (every
   * tenant's webhooks may then reach them). A bare host is refused: it would open every port of the host.
   */
  WEBHOOK_HTTP_ALLOWED_HOSTS: z.string().default('').pipe(hostList).pipe(z.array(allowedHost)),
  /** DNS servers for webhook hosts (`ip` or `ip:port`); the system resolver when empty. */
  WEBHOOK_DNS_SERVERS: hostList.default([]),
  DELIVERY_TIMEOUT: env.duration().default(10_000),
  /** One "second" of the retry schedule (0, 30 s, 2 min, 10 min, 15 min, 15 min); tests shrink it. */
  DELIVERY_TIME_UNIT: env.duration().default(1_000),
  DELIVERY_POLL_INTERVAL: env.duration().default(500),
  DELIVERY_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(64),
  DELIVERY_CONCURRENCY_PER_CHANNEL: z.coerce.number().int().min(1).max(100).default(16),
  /** Finished deliveries and their attempt log are deleted this long after the click (pending ones never). */
  DELIVERY_RETENTION: env.duration().default(30 * 24 * 3_600_000),
  DELIVERY_RETENTION_SWEEP_INTERVAL: env.duration().default(3_600_000),
  /** `true`: a 410 Gone from a webhook receiver disables (pauses) the channel. */
  DISABLE_CHANNEL_ON_410: env.boolean().default(true),
  /** Base of the confirmation link in opt-in mails, e.g. https://api.example.com (the gateway routes it here). */
  PUBLIC_BASE_URL: env.url(['http', 'https']).optional(),
  EMAIL_CONFIRMATION_TTL: env.duration().default(48 * 3_600_000),
  SECRET_ROTATION_OVERLAP: env.duration().default(24 * 3_600_000), // old signing secret still signs after a rotation
  /** smtp(s)://user:pass@host:port. Without it mail is written to MAIL_DIR (the embedded mode). */
  SMTP_URL: env.url(['smtp', 'smtps']).optional(),
  MAIL_DIR: z.string().min(1).optional(),
  MAIL_FROM: z.string().min(3).default('Waymark <notifications@waymark.localhost>'),
  CLICKS_CONSUMER_GROUP: z.string().min(1).default('notifier'),
});

/** Rules across variables, checked after parsing (an object schema with refinements can no longer be extended). */
export function checkConfig(config: Pick<z.output<typeof configSchema>, 'SMTP_URL' | 'MAIL_DIR'>): void {
  if (!config.SMTP_URL && !config.MAIL_DIR) {
    throw new ConfigError('notifier', [
      { variable: 'SMTP_URL', reason: 'set SMTP_URL, or MAIL_DIR to write mail to a folder' },
    ]);
  }
}

/** Parses the notifier's environment (`loadProductionConfig` adds the connections main.ts opens); a bad variable throws. */
export const { loadConfig, loadProductionConfig } = serviceConfig(
  'notifier',
  configSchema,
  { ...kafkaEnv, ...databaseEnv, ...redisEnv },
  checkConfig,
);

export type Config = z.output<typeof configSchema>;
export type ProductionConfig = ReturnType<typeof loadProductionConfig>;

/** Where confirmation links point: PUBLIC_BASE_URL, else this instance itself. */
export function publicBaseUrl(config: Pick<Config, 'PUBLIC_BASE_URL' | 'PORT'>): string {
  return (config.PUBLIC_BASE_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
}
