import { join } from 'node:path';
import { helpRequested } from '@waymark/config';
import { installProcessGuard, installShutdown } from '@waymark/http';
import { createLogger } from '@waymark/logging';
import { loadTracingConfig, startTracing } from '@waymark/tracing';
import { bootstrapDefaultTenant } from './bootstrap-default-tenant';
import { dataDir } from './data-dir';
import { loadEmbeddedConfig } from './embedded-config';
import { defaultConsoleDir } from './console-static';
import { startEmbeddedGateway } from './embedded-gateway';
import { startEmbeddedInfrastructure } from './embedded-infrastructure';
import { startEmbeddedServices, stopAll } from './embedded-services';
import { EMBEDDED_USAGE } from './embedded-usage';
import { startBannerText } from './start-banner';
import { describeStartupFailure } from './startup-error';

/** `npm start`: the whole system in one process, on an embedded PostgreSQL, an in-process bus and cache, and s3rver. */
async function main(): Promise<void> {
  if (helpRequested(process.argv.slice(2))) {
    process.stdout.write(`${EMBEDDED_USAGE}\n`);
    return;
  }
  let config;
  let tracingConfig;
  try {
    config = loadEmbeddedConfig(process.env);
    tracingConfig = loadTracingConfig(process.env, 'embedded');
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  }
  const logger = createLogger({ service: 'embedded', level: config.LOG_LEVEL });
  // One tracer provider for the main thread (the redirector's thread starts its own from the same variables): spans
  // tell the service by `waymark.service` and consumer group.
  const tracing = startTracing(tracingConfig, 'waymark');
  const root = dataDir({ WAYMARK_DATA_DIR: config.WAYMARK_DATA_DIR });
  const infra = await startEmbeddedInfrastructure(config, root, logger);
  let running;
  try {
    running = await startEmbeddedServices(config, root, infra);
  } catch (error) {
    await infra.stop();
    throw error;
  }
  const { services, secrets } = running;
  const portOf = (name: string) => services.find((s) => s.name === name)?.port ?? 0;
  const gateway = await startEmbeddedGateway(
    config.WAYMARK_API_PORT,
    {
      'link-api': portOf('link-api'),
      'analytics-ingest': portOf('analytics-ingest'),
      notifier: portOf('notifier'),
      'gs1-catalog': portOf('gs1-catalog'),
    },
    logger,
    config.WAYMARK_CONSOLE_DIR ?? defaultConsoleDir(),
  );
  const stateFile = join(root, 'embedded.json');
  const state = await bootstrapDefaultTenant(
    stateFile,
    { apiUrl: `http://127.0.0.1:${gateway.port}`, redirectorUrl: `http://${config.WAYMARK_DEFAULT_DOMAIN}` },
    secrets.operatorToken,
    config.WAYMARK_DEFAULT_DOMAIN,
  );
  installShutdown(logger, [
    { name: 'gateway', run: () => gateway.stop() },
    { name: 'services', run: () => stopAll(services) },
    { name: 'infrastructure', run: () => infra.stop() },
    { name: 'tracing', run: () => tracing.shutdown() },
  ]);
  // From here on, an error that escapes one request is logged and all six services keep serving.
  installProcessGuard(logger);
  process.stdout.write(
    startBannerText({
      apiUrl: state.apiUrl,
      consoleUrl: `${state.apiUrl}/`,
      redirectorUrl: state.redirectorUrl,
      defaultDomain: state.defaultDomain,
      defaultTenantId: state.defaultTenantId,
      operatorTokenFile: join(root, 'secrets', 'operator-token'),
      stateFile,
      services,
    }),
  );
}

main().catch((error: unknown) => {
  process.stderr.write(describeStartupFailure(error));
  process.exit(1);
});
