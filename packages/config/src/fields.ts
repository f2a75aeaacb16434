import { z } from 'zod';

/**
 * Reusable environment field parsers. Each takes the raw string from the environment and yields a typed value;
 * messages never echo the input, so a mistyped secret does not end up in a log.
 */

const UNITS_MS = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** TCP port 0..65535 (0 asks the OS for a free one, which tests and the embedded mode use). */
export function port() {
  return z
    .string()
    .regex(/^\d{1,5}$/, 'must be a port number 0..65535')
    .transform(Number)
    .pipe(z.number().int().min(0, 'must be a port number 0..65535').max(65535, 'must be a port number 0..65535'));
}

/** An absolute URL; `protocols` (without the colon) narrows what is accepted, e.g. ['postgres', 'postgresql']. */
export function url(protocols?: readonly string[]) {
  return z.string().superRefine((value, ctx) => {
    let parsed: URL;
    try {
      parsed = new URL(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be an absolute URL' });
      return;
    }
    const protocol = parsed.protocol.replace(/:$/, '');
    if (protocols && !protocols.includes(protocol)) {
      ctx.addIssue({ code: 'custom', message: `must use one of the protocols: ${protocols.join(', ')}` });
    }
  });
}

/** Comma-separated browser origins (`https://console.acme.example`); empty means none. */
export function originList() {
  return z.string().transform((value, ctx) => {
    const origins = value
      .split(',')
      .map((o) => o.trim())
      .filter((o) => o.length > 0);
    for (const origin of origins) {
      let parsed: URL | undefined;
      try {
        parsed = new URL(origin);
      } catch {
        parsed = undefined;
      }
      if (!parsed || parsed.origin !== origin)
        ctx.addIssue({
          code: 'custom',
          message: 'must be origins like https://app.example.com (scheme, host, optional port; no path)',
        });
    }
    return origins;
  });
}

/** Comma-separated `host:port` list, as Kafka clients take it: `kafka-1:9092,kafka-2:9092`. */
export function brokerList() {
  return z.string().transform((value, ctx) => {
    const brokers = value
      .split(',')
      .map((b) => b.trim())
      .filter((b) => b.length > 0);
    if (brokers.length === 0) {
      ctx.addIssue({ code: 'custom', message: 'must list at least one host:port' });
      return z.NEVER;
    }
    const bad = brokers.filter((b) => !/^[A-Za-z0-9.\-_[\]:]+:\d{1,5}$/.test(b) || Number(b.split(':').pop()) > 65535);
    if (bad.length > 0) {
      ctx.addIssue({ code: 'custom', message: `every entry must be host:port (bad: ${bad.join(', ')})` });
      return z.NEVER;
    }
    return brokers;
  });
}

/** A duration such as `250ms`, `30s`, `5m`, `1h` or `7d`, parsed to milliseconds. */
export function duration() {
  return z.string().transform((value, ctx) => {
    const match = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)$/.exec(value.trim());
    if (!match) {
      ctx.addIssue({ code: 'custom', message: 'must be a duration like 500ms, 30s, 5m, 1h or 7d' });
      return z.NEVER;
    }
    return Math.round(Number(match[1]) * UNITS_MS[match[2] as keyof typeof UNITS_MS]);
  });
}

/** `true`/`false`/`1`/`0` (any case). Anything else is refused rather than guessed. */
export function boolean() {
  return z.string().transform((value, ctx) => {
    const v = value.trim().toLowerCase();
    if (v === 'true' || v === '1') return true;
    if (v === 'false' || v === '0') return false;
    ctx.addIssue({ code: 'custom', message: 'must be true, false, 1 or 0' });
    return z.NEVER;
  });
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** A pino log level name. */
export function logLevel() {
  return z.enum(LOG_LEVELS, { error: `must be one of: ${LOG_LEVELS.join(', ')}` });
}

/** A secret of at least `minLength` characters (signing keys, tokens). */
export function secret(minLength: number) {
  return z.string().min(minLength, `must be at least ${minLength} characters`);
}

/**
 * How many proxies in front may set X-Forwarded-For (`TRUST_PROXY`; 1, the gateway, by default). Every API service
 * reads it the same way, because the client address it yields keys the failed-authentication throttle.
 */
export function trustProxyHops() {
  return z.coerce.number().int().min(0).default(1);
}

/** Namespace for schema declarations: `z.object({ PORT: env.port().default(8080) })`. */
export const env = { port, url, originList, brokerList, duration, boolean, logLevel, secret, trustProxyHops };
