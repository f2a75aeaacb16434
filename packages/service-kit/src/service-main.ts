import type { Redis, RedisOptions } from 'ioredis';
import { RedisKeyValueCache, RedisRateLimiter } from '@waymark/cache';
import { runServiceMain, type ServiceAdapters, type ServiceMainConfig, type ServiceMainContext } from '@waymark/http';
import type { ServiceDeclaration, ServiceKitConfig } from './service-declaration';
import { startDeclaredService } from './start-declared-service';

/** Redis for an API service's rate limits: a call fails at once while Redis is away, never queues (fail open). */
export const FAIL_FAST_REDIS: RedisOptions = { maxRetriesPerRequest: 1, enableOfflineQueue: false };

export interface DeclaredServiceMain<P, A> {
  /** Parses the environment (the service's `loadProductionConfig`). */
  loadConfig(env: NodeJS.ProcessEnv): P;
  /** How long an idle Kafka fetch waits; services that react in real time set it below the 1 s default. */
  kafkaFetchWaitMs?: number;
  /** The service's production adapters, from the clients the process opened. */
  adapters(main: ServiceMainContext<P>): A | Promise<A>;
}

/** A declared service's `main.ts`: the process around it (runServiceMain) and its production adapters. */
export function serviceMain<C extends ServiceKitConfig, A extends ServiceAdapters, X extends object, P extends C>(
  declaration: ServiceDeclaration<C, A, X>,
  main: DeclaredServiceMain<P & ServiceMainConfig, A>,
): void {
  runServiceMain({
    service: declaration.name,
    loadConfig: main.loadConfig,
    kafkaFetchWaitMs: main.kafkaFetchWaitMs,
    start: async (context) => startDeclaredService(declaration, context.config, await main.adapters(context)),
  });
}

/** What every service's production adapters start from: the process's logger and bus, and its database if any. */
export function productionAdapters(main: ServiceMainContext<ServiceMainConfig & { DATABASE_URL?: string }>) {
  const { logger, bus, config } = main;
  return { logger, bus, ...(config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : {}) };
}

/**
 * The shared cache and rate limiter of an API service, on one Redis connection (`client`, for the service's other
 * uses) that the process closes at shutdown.
 */
export function redisApiAdapters(
  main: ServiceMainContext<ServiceMainConfig & { REDIS_URL: string }>,
  options?: RedisOptions,
): Required<Pick<ServiceAdapters, 'cache' | 'rateLimiter'>> & { client: Redis } {
  const client = main.redis(main.config.REDIS_URL, 'main', options);
  return {
    client,
    cache: new RedisKeyValueCache({ redis: client, ownsConnection: false }),
    rateLimiter: new RedisRateLimiter({ redis: client }),
  };
}
