import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  freePort,
  startFaultProxy,
  startKafkaMock,
  startPostgres,
  startRedis,
  startS3,
  startSmtpSink,
  type FaultProxy,
  type SmtpSink,
  type StartedKafkaMock,
  type StartedPostgres,
} from '@waymark/testkit';
import { ApiClient } from './api-client';
import { startGateway, upstreamOf, type Gateway } from './gateway';
import { OpenApiResponseChecker, type OpenApiDocument } from './openapi-validator';
import { startServiceProcess, type ServiceName, type ServiceProcess } from './service-process';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver';

export interface System {
  gateway: Gateway;
  /** Unauthenticated client of the gateway; `.as({ apiKey })` for an integrator. */
  api: ApiClient;
  operator: ApiClient;
  /** The operator API's token, for requests sent around ApiClient (raw headers). */
  operatorToken: string;
  openApi: OpenApiDocument;
  kafka: StartedKafkaMock;
  /** Every service reaches Redis through this proxy, so a test can take Redis away (reset) and give it back. */
  redisProxy: FaultProxy;
  /** The system's own PostgreSQL server (a test restarts it), which every service reaches through `postgresProxy`. */
  postgres: StartedPostgres;
  postgresProxy: FaultProxy;
  receiver: WebhookReceiver;
  smtp: SmtpSink;
  services: Map<string, ServiceProcess>;
  /** Starts a stopped (or crashed) instance again with its original environment and port. */
  restart(label: string): Promise<ServiceProcess>;
  stop(): Promise<void>;
}

type Instance = { service: ServiceName; label: string; port: number; env: Record<string, string> };

/** The system without its fault proxies: the services reach Redis and PostgreSQL directly. */
export type DirectSystem = Omit<System, 'redisProxy' | 'postgresProxy'>;

/**
 * The whole production shape on this machine: a private Kafka mock cluster (tests pause it), a private Redis and a
 * private PostgreSQL server (each service migrates its own schema; tests restart it), each behind a fault proxy,
 * s3rver, an SMTP sink, the six services as separate processes (two redirectors, two notifiers) and nginx in front.
 * With `faultProxies: false` the services connect to Redis and PostgreSQL directly: the proxies forward every
 * statement through this process's event loop, which a timing measurement would count as the services' time.
 */
export function startSystem(): Promise<System>;
export function startSystem(options: { faultProxies: false }): Promise<DirectSystem>;
export async function startSystem(options: { faultProxies?: boolean } = {}): Promise<System | DirectSystem> {
  const stoppers: (() => Promise<unknown>)[] = [];
  const stopAll = async () => {
    for (const stop of stoppers.reverse()) await stop().catch(() => undefined);
  };
  try {
    const [kafka, redis, postgres, s3, smtp, receiver, spool] = await Promise.all([
      startKafkaMock(),
      startRedis(),
      startPostgres(),
      startS3(),
      startSmtpSink(),
      startWebhookReceiver(),
      mkdtemp(path.join(tmpdir(), 'waymark-e2e-spool-')),
    ]);
    stoppers.push(kafka.stop, redis.stop, postgres.stop, s3.stop, smtp.stop, receiver.stop, () =>
      rm(spool, { recursive: true, force: true }),
    );
    const proxies = options.faultProxies === false ? undefined : await startFaultProxies(redis.url, postgres.port);
    if (proxies) stoppers.push(proxies.redisProxy.stop, proxies.postgresProxy.stop);
    const databaseUrl = new URL(postgres.url);
    if (proxies) databaseUrl.host = proxies.postgresProxy.address;

    const instances = await planInstances(spool, new URL(receiver.base).host);
    const portsOf = (service: ServiceName) =>
      instances.filter((i) => i.service === service).map((i) => `127.0.0.1:${i.port}`);
    const gateway = await startGateway({
      LINK_API_UPSTREAM: upstreamOf(portsOf('link-api')),
      ANALYTICS_UPSTREAM: upstreamOf(portsOf('analytics-ingest')),
      NOTIFIER_UPSTREAM: upstreamOf(portsOf('notifier')),
      GS1_CATALOG_UPSTREAM: upstreamOf(portsOf('gs1-catalog')),
      REDIRECTOR_UPSTREAM: upstreamOf(portsOf('redirector')),
    });
    stoppers.push(gateway.stop);

    const shared: Record<string, string> = {
      KAFKA_BROKERS: kafka.brokers.join(','),
      DATABASE_URL: databaseUrl.toString(),
      REDIS_URL: proxies ? `redis://${proxies.redisProxy.address}` : redis.url,
      S3_ENDPOINT: `http://${s3.endPoint}:${s3.port}`,
      S3_ACCESS_KEY: s3.accessKey,
      S3_SECRET_KEY: s3.secretKey,
      S3_REGION: s3.region,
      S3_BUCKET: 'waymark-e2e',
      SMTP_URL: smtp.url,
      PUBLIC_BASE_URL: gateway.url,
      // The mock broker ends every rebalance of a group that was up on a timer of the session timeout less 1 s, where
      // Kafka ends it once the members have rejoined: with the default 30 s, a notifier whose join failed (the mock
      // refuses a follower's SyncGroup that comes after the leader's) held clicks.v1 of both notifiers for ~30 s.
      KAFKA_SESSION_TIMEOUT: '10s',
    };
    const services = new Map<string, ServiceProcess>();
    const start = async (instance: Instance) => {
      const started = await startServiceProcess(instance.service, instance.label, instance.port, {
        ...shared,
        ...instance.env,
      });
      services.set(instance.label, started);
      return started;
    };
    stoppers.push(() => Promise.allSettled([...services.values()].map((s) => s.stop())));
    // All at once: their consumer groups form together, and the two notifiers join theirs in the same round.
    await Promise.all(instances.map(start));

    const operatorToken = (instances.find((i) => i.service === 'link-api') as Instance).env.OPERATOR_TOKEN as string;
    const bare = new ApiClient(gateway.url, null, undefined);
    const docReply = await bare.raw('GET', '/v1/openapi.json');
    if (docReply.status !== 200)
      throw new Error(`GET /v1/openapi.json through the gateway answered ${docReply.status}`);
    const openApi = docReply.body as OpenApiDocument;
    const api = new ApiClient(gateway.url, null, new OpenApiResponseChecker(openApi));
    return {
      gateway,
      api,
      operator: api.as({ operatorToken }),
      operatorToken,
      openApi,
      kafka,
      postgres,
      ...proxies,
      receiver,
      smtp,
      services,
      restart: (label) => start(instances.find((i) => i.label === label) as Instance),
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** A proxy in front of Redis and one in front of PostgreSQL, each of which a test can make refuse or reset. */
async function startFaultProxies(redisUrl: string, postgresPort: number) {
  const { hostname, port } = new URL(redisUrl);
  const redisProxy = await startFaultProxy({ target: { host: hostname, port: Number(port) } });
  const postgresProxy = await startFaultProxy({ target: { host: '127.0.0.1', port: postgresPort } }).catch(
    async (error: unknown) => {
      await redisProxy.stop();
      throw error;
    },
  );
  return { redisProxy, postgresProxy };
}

async function planInstances(spool: string, webhookHost: string): Promise<Instance[]> {
  const secretKey = randomBytes(32).toString('base64');
  const plan: Omit<Instance, 'port'>[] = [
    { service: 'link-api', label: 'link-api', env: { OPERATOR_TOKEN: randomBytes(32).toString('hex') } },
    ...[1, 2].map((n) => ({
      service: 'redirector' as const,
      label: `redirector-${n}`,
      env: { TRUSTED_PROXIES: 'loopback', CLICK_SPOOL_DIR: path.join(spool, `redirector-${n}`) },
    })),
    { service: 'analytics-ingest', label: 'analytics-ingest', env: {} },
    ...[1, 2].map((n) => ({
      service: 'notifier' as const,
      label: `notifier-${n}`,
      // Both instances must read each other's encrypted signing secrets; retries come fast so the suite stays short.
      // The retry schedule runs in tenths (30 s becomes 3 s) so a test can see a retry.
      env: {
        SECRET_ENCRYPTION_KEY: secretKey,
        WEBHOOK_HTTP_ALLOWED_HOSTS: webhookHost,
        DELIVERY_POLL_INTERVAL: '100ms',
        DELIVERY_TIMEOUT: '3s',
        DELIVERY_TIME_UNIT: '100ms',
      },
    })),
    { service: 'gs1-catalog', label: 'gs1-catalog', env: {} },
    { service: 'export-renderer', label: 'export-renderer', env: { RENDER_WORKERS: '1' } },
  ];
  const instances: Instance[] = [];
  // One after another: probes made at once could be handed the same port.
  for (const instance of plan) instances.push({ ...instance, port: await freePort() });
  return instances;
}
