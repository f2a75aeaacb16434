import { Redis } from 'ioredis';
import { startApiAuth, type ApiAuth } from '@waymark/auth';
import { RedisKeyValueCache, RedisRateLimiter } from '@waymark/cache';
import { KafkaEventBus } from '@waymark/events';
import { createHttpApp, startHttpServer, type RunningHttpServer } from '@waymark/http';
import { createLogger } from '@waymark/logging';
import { getTestInfra, uniqueName } from '@waymark/testkit';

/**
 * An instance of an API-serving service as analytics-ingest or notifier build it: the identity model from
 * identity.v1 (its own Kafka connection), the shared Redis limiter, and one route requiring `links:read`.
 */
export interface ApiInstance {
  url: string;
  auth: ApiAuth;
  setClock(date: Date): void;
  stop(): Promise<void>;
}

export async function startApiInstance(rateLimitPrefix: string): Promise<ApiInstance> {
  const infra = getTestInfra();
  const logger = createLogger({ service: 'api-instance', level: 'error' });
  const redis = new Redis(infra.redis.url, { maxRetriesPerRequest: 1 });
  const bus = await KafkaEventBus.connect({ brokers: infra.kafka.brokers, clientId: uniqueName('api'), logger });
  let now: Date | undefined;
  const auth = await startApiAuth({
    bus,
    logger,
    rateLimiter: new RedisRateLimiter({ redis, keyPrefix: rateLimitPrefix }),
    cache: new RedisKeyValueCache({ redis, keyPrefix: rateLimitPrefix }),
    clock: () => now ?? new Date(),
  });
  const app = createHttpApp({
    service: 'api-instance',
    logger,
    readiness: auth.readiness,
    authenticator: auth.authenticator,
    mount: (express) => {
      express.get('/v1/probe', async (req, res, next) => {
        try {
          const principal = await auth.authenticator.authenticate(req, 'api_key', ['links:read']);
          res.json(principal);
        } catch (error) {
          next(error);
        }
      });
    },
  });
  const server: RunningHttpServer = await startHttpServer(app, { port: 0, host: '127.0.0.1', logger });
  return {
    url: `http://127.0.0.1:${server.port}`,
    auth,
    setClock: (date) => (now = date),
    async stop() {
      await server.close();
      await auth.stop();
      await bus.close();
      redis.disconnect();
    },
  };
}
