import { join } from 'node:path';
import { MemoryKeyValueCache, MemoryRateLimiter, type KeyValueCache, type RateLimiter } from '@waymark/cache';
import type { EventBus } from '@waymark/events';
import type { Logger } from '@waymark/logging';
import { MinioObjectStore, type ObjectStore } from '@waymark/objectstore';
import type { EmbeddedConfig } from './embedded-config';
import { startEmbeddedBus } from './embedded-bus';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './embedded-database';
import { startEmbeddedObjectStoreServer } from './embedded-object-store-server';
import { subDir } from './data-dir';
import { persistentSecret } from './persistent-secret';

/** The adapters every embedded service shares: one database server, one bus, one cache, one object store. */
export interface EmbeddedInfrastructure {
  databaseUrl: string;
  bus: EventBus;
  cache: KeyValueCache;
  rateLimiter: RateLimiter;
  objectStore: ObjectStore;
  stop(): Promise<void>;
}

export async function startEmbeddedInfrastructure(
  config: EmbeddedConfig,
  root: string,
  logger: Logger,
): Promise<EmbeddedInfrastructure> {
  const secrets = subDir(root, 'secrets');
  const database = await startEmbeddedDatabase(
    subDir(root, 'postgres', true),
    config.WAYMARK_POSTGRES_PORT,
    persistentSecret(join(secrets, 'postgres-password')),
    logger.child({ component: 'database' }),
  );
  try {
    return await startOnDatabase(config, root, database, logger);
  } catch (error) {
    // The server is a process of its own: left running, it would outlive this failed start.
    await database.stop().catch(() => undefined);
    throw error;
  }
}

async function startOnDatabase(
  config: EmbeddedConfig,
  root: string,
  database: EmbeddedDatabase,
  logger: Logger,
): Promise<EmbeddedInfrastructure> {
  const secrets = subDir(root, 'secrets');
  const databaseUrl = database.url('waymark');
  const s3 = await startEmbeddedObjectStoreServer(subDir(root, 'objects'), config.WAYMARK_S3_PORT, {
    secretKey: persistentSecret(join(secrets, 's3-secret-key')),
  });
  const bus = await startEmbeddedBus(databaseUrl, logger.child({ component: 'bus' }), { maintainLog: true });
  const objectStore = new MinioObjectStore({
    endPoint: s3.endPoint,
    port: s3.port,
    useSSL: false,
    accessKey: s3.accessKey,
    secretKey: s3.secretKey,
    bucket: 'waymark',
    region: 'us-east-1',
  });
  await objectStore.ensureBucket();
  const cache = new MemoryKeyValueCache();
  return {
    databaseUrl,
    bus,
    cache,
    rateLimiter: new MemoryRateLimiter(),
    objectStore,
    async stop() {
      await bus.close();
      await cache.close();
      await s3.stop();
      await database.stop();
    },
  };
}
