import { Pool } from 'pg';
import { idempotencyCallerOf, startApiAuth } from '@waymark/auth';
import { channelsTopic, type TopicDef } from '@waymark/contracts';
import {
  awaitPublished,
  createPrismaClient,
  OutboxRelay,
  findMigrationsDir,
  poolConfig,
  registerOutboxMetrics,
  OUTBOX_DDL,
  runMigrations,
} from '@waymark/db';
import { instrumentEventBus } from '@waymark/events';
import {
  ControllerContainer,
  createHttpApp,
  IDEMPOTENCY_KEY_DDL,
  PgIdempotencyStore,
  startHttpServer,
  startIdempotencySweeper,
  runningService,
  type RunningService,
  type ServiceAdapters,
} from '@waymark/http';
import { Gauge, Registry } from 'prom-client';
import { bindChannelUseCases } from './channels/app/channel-use-cases';
import { allowlistNotice } from './channels/domain/allowed-hosts';
import { SecretBox } from './channels/domain/secret-box';
import { createResolve } from './shared-kernel/guarded-lookup';
import { PrismaChannelRepository } from './channels/infra/prisma-channel.repository';
import { SecretResealer } from './channels/infra/secret-resealer';
import { publicBaseUrl, type Config } from './config';
import { fanOutClicks } from './deliveries/app/fan-out-clicks';
import { createDeliveryPipeline } from './deliveries/deliveries-module';
import { subscribeClicks } from './deliveries/infra/clicks.consumer';
import { registerDeliveryMetrics } from './deliveries/infra/delivery-metrics';
import { createMailSender } from './deliveries/infra/mail-sender';
import { PrismaDeliveryRepository } from './deliveries/infra/prisma-delivery.repository';
import { HttpWebhookSender } from './deliveries/infra/webhook-sender';
import { PrismaClient } from './generated/prisma/client';
import { RegisterRoutes } from './generated/routes';
import { ChannelsController } from './http/channels.controller';
import { EmailConfirmationsController } from './http/email-confirmations.controller';

/** The notifier's tables live in this PostgreSQL schema, in production and in the embedded database alike. */
export const SCHEMA = 'notifier';

/** Longest an idle Kafka fetch of this service waits (main.ts and the bench use it). */
export const NOTIFIER_FETCH_WAIT_MS = 100;

export type { RunningService, ServiceAdapters };

export async function startService(config: Config, adapters: ServiceAdapters): Promise<RunningService> {
  const { logger, databaseUrl } = adapters;
  const registry = new Registry();
  const bus = instrumentEventBus(adapters.bus, registry);
  if (!databaseUrl) throw new Error('the notifier needs a database (adapters.databaseUrl)');
  if (!adapters.rateLimiter)
    throw new Error('the notifier needs a rate limiter (Redis in production, in-process embedded)');
  const clock = adapters.clock ?? (() => new Date());

  await runMigrations({
    databaseUrl,
    schema: SCHEMA,
    migrationsDir: findMigrationsDir(__dirname, 'notifier'),
    sharedDdl: [OUTBOX_DDL, IDEMPOTENCY_KEY_DDL],
    logger,
  });
  const poolMax = config.DELIVERY_CONCURRENCY > 32 ? 16 : 10;
  const prisma = createPrismaClient(PrismaClient, { databaseUrl, schema: SCHEMA, poolMax });
  const relay = new OutboxRelay({
    databaseUrl,
    schema: SCHEMA,
    bus,
    topics: [channelsTopic] as TopicDef<unknown>[],
    logger,
  });
  const channels = new PrismaChannelRepository(prisma, awaitPublished(relay, logger));
  const deliveries = new PrismaDeliveryRepository(prisma);
  const secrets = new SecretBox(config.SECRET_ENCRYPTION_KEY, config.SECRET_ENCRYPTION_PREVIOUS_KEYS);
  registerOutboxMetrics(registry, relay);
  const unreadableSecrets = new Gauge({
    name: 'notifier_signing_secrets_unreadable',
    help: 'Webhook signing secrets that no configured key opened in the last re-sealing pass',
    registers: [registry],
  });
  const resealer = new SecretResealer({
    channels,
    secrets,
    logger,
    intervalMs: config.SECRET_RESEAL_INTERVAL,
    rotating: config.SECRET_ENCRYPTION_PREVIOUS_KEYS.length > 0,
    onPass: (result) => unreadableSecrets.set(result.unreadable),
  });
  const resolve = createResolve(config.WEBHOOK_DNS_SERVERS);
  const urlPolicy = { httpAllowedHosts: config.WEBHOOK_HTTP_ALLOWED_HOSTS };
  logger.info({ webhookHttpAllowedHosts: urlPolicy.httpAllowedHosts }, allowlistNotice(urlPolicy.httpAllowedHosts));
  const mail = createMailSender({
    smtpUrl: config.SMTP_URL,
    mailDir: config.MAIL_DIR,
    from: config.MAIL_FROM,
    timeoutMs: config.DELIVERY_TIMEOUT,
    logger,
  });
  const webhooks = new HttpWebhookSender({
    policy: urlPolicy,
    resolve,
    timeoutMs: config.DELIVERY_TIMEOUT,
    connectionsPerOrigin: config.DELIVERY_CONCURRENCY,
  });

  const recordAttempt = registerDeliveryMetrics(registry, prisma);
  const pipeline = createDeliveryPipeline({
    ...{ config, logger, databaseUrl, schema: SCHEMA, prisma, channels, deliveries, recordAttempt },
    attemptDeps: { webhooks, mail, secrets, clock },
  });

  await relay.start();
  const auth = await startApiAuth({ bus, logger, rateLimiter: adapters.rateLimiter, cache: adapters.cache, clock });
  await pipeline.start();
  resealer.start();
  // Joining the consumer group can take a session timeout after a crash (Kafka waits for the dead member), so it
  // happens in the background: the API and the retry schedule run meanwhile.
  const postgresReady = async () => (await prisma.$queryRawUnsafe('SELECT 1'), true);
  const clicks = subscribeClicks(
    bus,
    config.CLICKS_CONSUMER_GROUP,
    async (received) => {
      if ((await fanOutClicks({ deliveries }, received)) > 0) pipeline.wake();
    },
    postgresReady,
  );
  clicks.then(
    () => logger.info('consuming clicks.v1'),
    (error) => logger.fatal({ err: error }, 'could not subscribe to clicks.v1; no new deliveries will be scheduled'),
  );

  const useCases = bindChannelUseCases({
    channels,
    deliveries,
    secrets,
    mail,
    urlPolicy,
    resolve,
    clock,
    confirmation: { baseUrl: publicBaseUrl(config), ttlMs: config.EMAIL_CONFIRMATION_TTL },
    secretOverlapMs: config.SECRET_ROTATION_OVERLAP,
  });
  // Idempotency-Key of POSTs, kept in this service's schema; its own small pool, so the API never waits on Prisma's.
  const idempotencyPool = new Pool(poolConfig({ databaseUrl, schema: SCHEMA }, 2));
  idempotencyPool.on('error', (err) =>
    logger.warn({ err }, 'idle idempotency connection failed; the pool replaces it'),
  );
  const idempotencyStore = new PgIdempotencyStore(idempotencyPool);
  const idempotencySweeper = startIdempotencySweeper(idempotencyStore, { logger });
  const app = createHttpApp({
    idempotency: { store: idempotencyStore, callerOf: idempotencyCallerOf },
    service: 'notifier',
    logger,
    corsOrigins: config.CORS_ALLOWED_ORIGINS,
    registry,
    trustProxy: config.TRUST_PROXY,
    readiness: { postgres: postgresReady, events: () => bus.healthy(), ...auth.readiness },
    authenticator: auth.authenticator,
    controllers: new ControllerContainer()
      .register(ChannelsController, () => new ChannelsController(useCases))
      .register(EmailConfirmationsController, () => new EmailConfirmationsController(useCases)),
    mount: (express) => RegisterRoutes(express),
  });
  const server = await startHttpServer(app, { port: config.PORT, host: config.HOST, logger });

  const stopSteps: (() => Promise<unknown>)[] = [
    () => server.close(),
    async () => (await clicks.catch(() => undefined))?.stop(),
    () => pipeline.stop(),
    () => resealer.stop(),
    () => auth.stop(),
    () => idempotencySweeper.stop(),
    () => idempotencyPool.end(),
    () => relay.stop(),
    () => webhooks.close(),
    async () => mail.close(),
    () => prisma.$disconnect(),
  ];
  return runningService(server.port, stopSteps);
}
