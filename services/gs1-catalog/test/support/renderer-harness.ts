import { KafkaEventBus } from '@waymark/events';
import { loadConfig, startService, type RunningService } from '@waymark/export-renderer';
import type { MinioObjectStore } from '@waymark/objectstore';
import { getTestInfra, uniqueName } from '@waymark/testkit';
import { logger } from './gs1-harness';

/** A real export-renderer on the same bucket, in a consumer group of this test file's own. */
export async function startRenderer(
  objectStore: MinioObjectStore,
  group: string,
  env: Record<string, string> = {},
): Promise<{ service: RunningService; stop(): Promise<void> }> {
  const bus = await KafkaEventBus.connect({
    brokers: getTestInfra().kafka.brokers,
    clientId: uniqueName('renderer'),
    logger,
  });
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'error',
    RENDER_WORKERS: '2',
    EXPORT_HEARTBEAT: '500ms',
    EXPORT_JOBS_GROUP: group,
    ...env,
  });
  const service = await startService(config, { logger, bus, objectStore });
  return {
    service,
    async stop() {
      await service.stop();
      await bus.close();
    },
  };
}
