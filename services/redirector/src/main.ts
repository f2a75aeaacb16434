import { Redis } from 'ioredis';
import { KafkaEventBus, kafkaConnectionSettings } from '@waymark/events';
import { installShutdown } from '@waymark/http';
import { createLogger } from '@waymark/logging';
import { loadProductionConfig } from './config';
import { openClickPublisher } from './infra/open-click-publisher';
import { REDIRECTOR_FETCH_WAIT_MS, startService } from './service';

async function main(): Promise<void> {
  const config = loadProductionConfig(process.env);
  const logger = createLogger({ service: 'redirector', level: config.LOG_LEVEL });
  const kafka = kafkaConnectionSettings(config, 'redirector', { maxWaitTimeMs: REDIRECTOR_FETCH_WAIT_MS });
  const bus = await KafkaEventBus.connect({ ...kafka, logger });
  const clicks = openClickPublisher(config, { bus, clientId: kafka.clientId, logger: logger.child({ component: 'click-publisher' }) });
  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { enableAutoPipelining: true }) : undefined;
  const service = await startService(config, { logger, bus, clickPublisher: clicks.publisher, redis });
  // The service drains its click emitter through the publisher, so the publisher (its thread and producer) closes
  // after it, and the bus last.
  installShutdown(logger, [
    { name: 'redirector', run: () => service.stop() },
    { name: 'click-publisher', run: () => clicks.close() },
    { name: 'kafka', run: () => bus.close() },
    ...(redis ? [{ name: 'redis', run: async () => void (await redis.quit()) }] : []),
  ]);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
