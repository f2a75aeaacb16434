import { join } from 'node:path';
import * as analytics from '@waymark/analytics-ingest';
import * as exportRenderer from '@waymark/export-renderer';
import * as gs1Catalog from '@waymark/gs1-catalog';
import * as linkApi from '@waymark/link-api';
import { createLogger, type Logger } from '@waymark/logging';
import * as notifier from '@waymark/notifier';
import type { EmbeddedConfig } from './embedded-config';
import type { EmbeddedInfrastructure } from './embedded-infrastructure';
import { persistentSecret } from './persistent-secret';
import { RedirectorThread } from './redirector-thread';
import { subDir } from './data-dir';

export interface RunningEmbeddedService {
  name: string;
  port: number;
  stop(): Promise<void>;
}

export interface EmbeddedSecrets {
  operatorToken: string;
}

/**
 * Starts the six services in this process, in dependency order, each with its own config parsed from the environment
 * (so every service variable works here as in production) plus the embedded mode's ports, secrets and folders.
 */
export async function startEmbeddedServices(
  config: EmbeddedConfig,
  root: string,
  infra: EmbeddedInfrastructure,
): Promise<{ services: RunningEmbeddedService[]; secrets: EmbeddedSecrets }> {
  const secretsDir = subDir(root, 'secrets');
  const secrets: EmbeddedSecrets = { operatorToken: persistentSecret(join(secretsDir, 'operator-token')) };
  const base = { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: config.LOG_LEVEL };
  const apiBase = `http://127.0.0.1:${config.WAYMARK_API_PORT}`;
  const common = { bus: infra.bus, databaseUrl: infra.databaseUrl, cache: infra.cache, rateLimiter: infra.rateLimiter };
  const services: RunningEmbeddedService[] = [];
  const start = async (name: string, run: (log: Logger) => Promise<{ port: number; stop(): Promise<void> }>) => {
    const running = await run(createLogger({ service: name, level: config.LOG_LEVEL }));
    services.push({ name, port: running.port, stop: () => running.stop() });
  };

  try {
    await start('link-api', (log) =>
      linkApi.startService(
        linkApi.loadConfig({
          ...base,
          PORT: String(config.WAYMARK_LINK_API_PORT),
          OPERATOR_TOKEN: secrets.operatorToken,
        }),
        // The embedded link-api is the whole installation: its own writes are all the changes there are.
        { ...common, logger: log, linkInvalidations: new linkApi.InProcessLinkInvalidations() },
      ),
    );
    // In a worker thread of its own: a visit never waits behind the other five services' work (see decisions.md).
    await start('redirector', (log) =>
      RedirectorThread.start(
        {
          env: {
            ...base,
            PORT: String(config.WAYMARK_REDIRECTOR_PORT),
            CLICK_SPOOL_DIR: subDir(root, 'click-spool'),
            // Visitors reach this port directly (no gateway in front): metrics are not theirs to read.
            METRICS_ON_VISITOR_LISTENER: 'false',
          },
          databaseUrl: infra.databaseUrl,
          logLevel: config.LOG_LEVEL,
        },
        log,
      ),
    );
    await start('analytics-ingest', (log) =>
      analytics.startService(
        analytics.loadConfig({
          ...base,
          PORT: String(config.WAYMARK_ANALYTICS_PORT),
          VISITOR_HASH_SALT: persistentSecret(join(secretsDir, 'visitor-hash-salt')),
        }),
        { ...common, logger: log },
      ),
    );
    await start('notifier', (log) =>
      notifier.startService(
        notifier.loadConfig({
          ...base,
          PORT: String(config.WAYMARK_NOTIFIER_PORT),
          SECRET_ENCRYPTION_KEY: persistentSecret(join(secretsDir, 'channel-secret-key'), 32, 'base64'),
          PUBLIC_BASE_URL: apiBase,
          MAIL_DIR: subDir(root, 'mail'),
        }),
        { ...common, logger: log },
      ),
    );
    await start('gs1-catalog', (log) =>
      gs1Catalog.startService(gs1Catalog.loadConfig({ ...base, PORT: String(config.WAYMARK_GS1_CATALOG_PORT) }), {
        ...common,
        objectStore: infra.objectStore,
        logger: log,
      }),
    );
    await start('export-renderer', (log) =>
      exportRenderer.startService(
        exportRenderer.loadConfig({ ...base, PORT: String(config.WAYMARK_EXPORT_RENDERER_PORT) }),
        { bus: infra.bus, objectStore: infra.objectStore, logger: log },
      ),
    );
  } catch (error) {
    await stopAll(services);
    throw error;
  }
  return { services, secrets };
}

export async function stopAll(services: RunningEmbeddedService[]): Promise<void> {
  for (const service of services.splice(0).reverse()) await service.stop();
}
