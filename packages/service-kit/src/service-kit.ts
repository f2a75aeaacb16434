import { Pool } from 'pg';
import type { Registry } from 'prom-client';
import { idempotencyCallerOf, startApiAuth, type ApiAuth, type ApiAuthOptions } from '@waymark/auth';
import {
  awaitPublished,
  createPrismaClient,
  OutboxRelay,
  poolConfig,
  registerOutboxMetrics,
  type AwaitPublished,
  type PrismaClientClass,
} from '@waymark/db';
import type { EventBus } from '@waymark/events';
import {
  createHttpApp,
  PgIdempotencyStore,
  startIdempotencySweeper,
  type HttpAppOptions,
  type IdempotencyOptions,
  type ServiceAdapters,
} from '@waymark/http';
import type { Logger } from '@waymark/logging';
import type { ServiceDatabase } from './service-database';
import type { ServiceParts } from './service-parts';

/** A pool's idle connection failed: logged at this level with this message (the pool replaces the connection). */
export interface IdleFailureLog {
  level: 'warn' | 'error';
  message: string;
}

/**
 * What a service's `compose` builds with: its config and adapters, the shared clients the kit made (metrics
 * registry, instrumented bus, clock), and helpers that start the common parts and record them for the stop order.
 */
export class ServiceKit<C, A extends ServiceAdapters> {
  readonly logger: Logger;
  readonly clock: () => Date;

  constructor(
    readonly name: string,
    readonly config: C,
    readonly adapters: A,
    readonly registry: Registry,
    readonly bus: EventBus,
    private readonly parts: ServiceParts,
    private readonly database: (ServiceDatabase & { url: string }) | undefined,
  ) {
    this.logger = adapters.logger;
    this.clock = adapters.clock ?? (() => new Date());
  }

  /** The service's database URL (declared `database`), migrated before `compose` runs. */
  get databaseUrl(): string {
    return this.db().url;
  }

  /** Records something started, stopped as `name` in the declared stop order. */
  part(name: string, stop: () => unknown): void {
    this.parts.add(name, stop);
  }

  /** As `part`, for a started thing that has its own `stop()`; returns it. */
  started<T extends { stop(): unknown }>(name: string, thing: T): T {
    this.parts.add(name, () => thing.stop());
    return thing;
  }

  /** The service's Prisma client on its schema, disconnected as part `prisma`. */
  prisma<P extends { $disconnect(): Promise<void> }>(
    Client: PrismaClientClass<P>,
    options: { poolMax?: number } = {},
  ): P {
    const { url, schema } = this.db();
    const prisma = createPrismaClient(Client, { databaseUrl: url, schema, ...options });
    this.parts.add('prisma', () => prisma.$disconnect());
    return prisma;
  }

  /** A plain pg pool on the service's schema, ended as part `name`. */
  pool(name: string, size: number, idleFailure: IdleFailureLog): Pool {
    const pool = this.newPool(size, idleFailure);
    this.parts.add(name, () => pool.end());
    return pool;
  }

  /** Starts the relay of the declared outbox topics (part `outbox`); `published` awaits a write's events. */
  async outbox(): Promise<{ relay: OutboxRelay; published: AwaitPublished }> {
    const { url, schema, outbox } = this.db();
    if (!outbox) throw new Error(`${this.name} declares no outbox topics`);
    const relay = new OutboxRelay({ databaseUrl: url, schema, bus: this.bus, topics: outbox, logger: this.logger });
    await relay.start();
    this.parts.add('outbox', () => relay.stop());
    registerOutboxMetrics(this.registry, relay);
    return { relay, published: awaitPublished(relay, this.logger) };
  }

  /**
   * The `Idempotency-Key` store and its sweeper (part `idempotency`), for createHttpApp. Without a pool it gets a
   * small one of its own, so the API never waits on the service's other connections.
   */
  idempotency(shared?: Pool): IdempotencyOptions {
    const own = shared
      ? undefined
      : this.newPool(2, { level: 'warn', message: 'idle idempotency connection failed; the pool replaces it' });
    const store = new PgIdempotencyStore(shared ?? own!);
    const sweeper = startIdempotencySweeper(store, { logger: this.logger });
    this.parts.add('idempotency', async () => {
      await sweeper.stop();
      await own?.end();
    });
    return { store, callerOf: idempotencyCallerOf };
  }

  /** API keys from identity.v1 (part `auth`): the service's bus, logger, rate limiter, cache and clock by default. */
  async auth(options: Partial<ApiAuthOptions> = {}): Promise<ApiAuth> {
    const rateLimiter = options.rateLimiter ?? this.adapters.rateLimiter;
    if (!rateLimiter) throw new Error(`${this.name} needs a rate limiter for its API keys`);
    const auth = await startApiAuth({
      bus: this.bus,
      logger: this.logger,
      cache: this.adapters.cache,
      clock: this.clock,
      ...options,
      rateLimiter,
    });
    return this.started('auth', auth);
  }

  /** The shared express app, named for the service and reporting into its registry. */
  httpApp(options: Omit<HttpAppOptions, 'service' | 'logger' | 'registry'>): ReturnType<typeof createHttpApp> {
    return createHttpApp({ service: this.name, logger: this.logger, registry: this.registry, ...options });
  }

  private newPool(size: number, idleFailure: IdleFailureLog): Pool {
    const { url, schema } = this.db();
    const pool = new Pool(poolConfig({ databaseUrl: url, schema }, size));
    pool.on('error', (err) => this.logger[idleFailure.level]({ err }, idleFailure.message));
    return pool;
  }

  private db(): ServiceDatabase & { url: string } {
    if (!this.database) throw new Error(`${this.name} declares no database`);
    return this.database;
  }
}
