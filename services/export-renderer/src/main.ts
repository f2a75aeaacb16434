import { KafkaEventBus, kafkaConnectionSettings } from '@waymark/events';
import { installShutdown } from '@waymark/http';
import { createLogger } from '@waymark/logging';
import { MinioObjectStore } from '@waymark/objectstore';
import { loadProductionConfig } from './config';
import { startService } from './service';

async function main(): Promise<void> {
  let config;
  try {
    config = loadProductionConfig(process.env);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  }
  const logger = createLogger({ service: 'export-renderer', level: config.LOG_LEVEL });
  const bus = await KafkaEventBus.connect({ ...kafkaConnectionSettings(config, 'export-renderer'), logger });
  const s3 = new URL(config.S3_ENDPOINT);
  const objectStore = new MinioObjectStore({
    endPoint: s3.hostname,
    port: s3.port ? Number(s3.port) : s3.protocol === 'https:' ? 443 : 80,
    useSSL: s3.protocol === 'https:',
    accessKey: config.S3_ACCESS_KEY,
    secretKey: config.S3_SECRET_KEY,
    region: config.S3_REGION,
    bucket: config.S3_BUCKET,
  });
  const service = await startService(config, { logger, bus, objectStore });
  installShutdown(logger, [
    { name: 'service', run: () => service.stop() },
    { name: 'events', run: () => bus.close() },
  ]);
}

main().catch((error: unknown) => {
  process.stderr.write(`export-renderer failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
