import type { KeyValueCache, RateLimiter } from '@waymark/cache';
import type { EventBus } from '@waymark/events';
import type { Authenticator } from '@waymark/http';
import type { Logger } from '@waymark/logging';
import { createApiKeyAuthenticator } from './api-key-authenticator';
import { FailOpenRateLimiter } from './fail-open-rate-limiter';
import { throttleFailedAuthentication } from './failed-authentication-throttle';
import { startIdentityModel, type IdentityModelHandle } from './identity-subscription';
import { cacheKeyUsageSink, KeyUsageRecorder, type KeyUsageSink } from './key-usage-recorder';

export interface ApiAuthOptions {
  bus: EventBus;
  logger: Logger;
  rateLimiter: RateLimiter;
  /** Where last-used times go (shared with link-api, which shows them to the operator). */
  cache?: KeyValueCache;
  /** Further sinks, e.g. link-api's own table. */
  usageSinks?: KeyUsageSink[];
  clock?: () => Date;
}

export interface ApiAuth {
  /** API keys, failures throttled per client address. */
  authenticator: Authenticator;
  /** Another scheme's authenticator (link-api's operator token), its failures counted with the API keys' ones. */
  throttleFailures(authenticator: Authenticator): Authenticator;
  identity: IdentityModelHandle;
  /** Spread into createHttpApp's readiness: not ready until the identity model caught up. */
  readiness: { identity: () => Promise<boolean> };
  /** Flushes last-used times and stops the subscription. */
  stop(): Promise<void>;
}

/** What every service that serves the API builds once at start-up: the identity model and the authenticator over it. */
export async function startApiAuth(options: ApiAuthOptions): Promise<ApiAuth> {
  const identity = await startIdentityModel({ bus: options.bus, logger: options.logger });
  const sinks = [...(options.cache ? [cacheKeyUsageSink(options.cache)] : []), ...(options.usageSinks ?? [])];
  const recorder = sinks.length > 0 ? new KeyUsageRecorder({ sinks, logger: options.logger }) : undefined;
  const rateLimiter = new FailOpenRateLimiter(options.rateLimiter, { logger: options.logger });
  const throttleFailures = (authenticator: Authenticator) =>
    throttleFailedAuthentication(authenticator, { rateLimiter });
  const authenticator = createApiKeyAuthenticator({
    identity: identity.model,
    fresh: identity.fresh,
    rateLimiter,
    onKeyUsed: recorder ? (hash, at) => recorder.touch(hash, at) : undefined,
    clock: options.clock,
  });
  return {
    authenticator: throttleFailures(authenticator),
    throttleFailures,
    identity,
    readiness: { identity: async () => identity.caughtUp() },
    async stop() {
      await recorder?.stop();
      await identity.stop();
    },
  };
}
