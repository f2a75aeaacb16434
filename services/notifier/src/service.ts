import { channelsTopic, type TopicDef } from '@waymark/contracts';
import { ControllerContainer, type RunningService, type ServiceAdapters } from '@waymark/http';
import { startDeclaredService, type ServiceDeclaration } from '@waymark/service-kit';
import { Gauge } from 'prom-client';
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

export const notifier: ServiceDeclaration<Config, ServiceAdapters> = {
  name: 'notifier',
  requires: {
    databaseUrl: 'a database (adapters.databaseUrl)',
    rateLimiter: 'a rate limiter (Redis in production, in-process embedded)',
  },
  database: { schema: SCHEMA, from: __dirname, outbox: [channelsTopic] as TopicDef<unknown>[], idempotency: true },
  stopOrder: [
    ...['http', 'clicks', 'deliveries', 'resealer', 'auth', 'idempotency', 'outbox'],
    ...['webhooks', 'mail', 'prisma'],
  ],
  async compose(kit) {
    const { config, logger, bus, clock, registry } = kit;
    const prisma = kit.prisma(PrismaClient, { poolMax: config.DELIVERY_CONCURRENCY > 32 ? 16 : 10 });
    const { published } = await kit.outbox();
    const channels = new PrismaChannelRepository(prisma, published);
    const deliveries = new PrismaDeliveryRepository(prisma);
    const secrets = new SecretBox(config.SECRET_ENCRYPTION_KEY, config.SECRET_ENCRYPTION_PREVIOUS_KEYS);
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
    kit.part('mail', () => mail.close());
    const webhooks = new HttpWebhookSender({
      policy: urlPolicy,
      resolve,
      timeoutMs: config.DELIVERY_TIMEOUT,
      connectionsPerOrigin: config.DELIVERY_CONCURRENCY,
    });
    kit.part('webhooks', () => webhooks.close());

    const recordAttempt = registerDeliveryMetrics(registry, prisma);
    const pipeline = createDeliveryPipeline({
      ...{ config, logger, databaseUrl: kit.databaseUrl, schema: SCHEMA, prisma, channels, deliveries, recordAttempt },
      attemptDeps: { webhooks, mail, secrets, clock },
    });

    const auth = await kit.auth();
    await pipeline.start();
    kit.started('deliveries', pipeline);
    resealer.start();
    kit.started('resealer', resealer);
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
    kit.part('clicks', async () => (await clicks.catch(() => undefined))?.stop());
    clicks.then(
      () => logger.info('consuming clicks.v1'),
      (error) => logger.fatal({ err: error }, 'could not subscribe to clicks.v1; no new deliveries will be scheduled'),
    );

    const useCases = bindChannelUseCases({
      ...{ channels, deliveries, secrets, mail, urlPolicy, resolve, clock },
      confirmation: { baseUrl: publicBaseUrl(config), ttlMs: config.EMAIL_CONFIRMATION_TTL },
      secretOverlapMs: config.SECRET_ROTATION_OVERLAP,
    });
    const listener = kit.httpApp({
      idempotency: kit.idempotency(),
      corsOrigins: config.CORS_ALLOWED_ORIGINS,
      trustProxy: config.TRUST_PROXY,
      readiness: { postgres: postgresReady, events: () => bus.healthy(), ...auth.readiness },
      authenticator: auth.authenticator,
      controllers: new ControllerContainer()
        .register(ChannelsController, () => new ChannelsController(useCases))
        .register(EmailConfirmationsController, () => new EmailConfirmationsController(useCases)),
      mount: (express) => RegisterRoutes(express),
    });
    return { listener };
  },
};

export function startService(config: Config, adapters: ServiceAdapters): Promise<RunningService> {
  return startDeclaredService(notifier, config, adapters);
}
