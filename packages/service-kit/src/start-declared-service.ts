import { Registry } from 'prom-client';
import { findMigrationsDir, OUTBOX_DDL, runMigrations, type SharedDdl } from '@waymark/db';
import { instrumentEventBus } from '@waymark/events';
import { IDEMPOTENCY_KEY_DDL, startHttpServer, type RunningService, type ServiceAdapters } from '@waymark/http';
import type { ServiceDeclaration, ServiceKitConfig } from './service-declaration';
import { ServiceKit } from './service-kit';
import { ServiceParts } from './service-parts';

/**
 * Runs a declared service: checks its adapters, migrates its schema, composes its parts, serves its listener, and
 * stops every started part in the declared order, on `stop()` or when a start-up step fails.
 */
export async function startDeclaredService<C extends ServiceKitConfig, A extends ServiceAdapters, X extends object>(
  declaration: ServiceDeclaration<C, A, X>,
  config: C,
  adapters: A,
): Promise<RunningService & X> {
  const { name, requires = {}, database } = declaration;
  const { logger } = adapters;
  const databaseUrl = adapters.databaseUrl ?? (config as { DATABASE_URL?: string }).DATABASE_URL;
  if (requires.databaseUrl && !databaseUrl) throw new Error(`${name} needs ${requires.databaseUrl}`);
  if (requires.rateLimiter && !adapters.rateLimiter) throw new Error(`${name} needs ${requires.rateLimiter}`);
  if (requires.objectStore && !adapters.objectStore) throw new Error(`${name} needs ${requires.objectStore}`);
  if (database && !databaseUrl) throw new Error(`${name} needs a database (adapters.databaseUrl)`);

  const registry = new Registry();
  const bus = instrumentEventBus(adapters.bus, registry);
  if (database && databaseUrl) {
    const sharedDdl: SharedDdl[] = [
      ...(database.outbox ? [OUTBOX_DDL] : []),
      ...(database.idempotency ? [IDEMPOTENCY_KEY_DDL] : []),
    ];
    const migrationsDir = findMigrationsDir(database.from, name);
    await runMigrations({ databaseUrl, schema: database.schema, migrationsDir, sharedDdl, logger });
  }
  const parts = new ServiceParts(name, declaration.stopOrder);
  const target = database && databaseUrl ? { ...database, url: databaseUrl } : undefined;
  const kit = new ServiceKit<C, A>(name, config, adapters, registry, bus, parts, target);
  try {
    const edge = await declaration.compose(kit);
    const server = await startHttpServer(edge.listener, {
      port: config.PORT,
      host: config.HOST,
      logger,
      ...(edge.drainTimeoutMs === undefined ? {} : { drainTimeoutMs: edge.drainTimeoutMs }),
    });
    parts.add('http', () => server.close());
    edge.started?.(server.port);
    let stopping: Promise<void> | undefined;
    return { ...(edge.extras as X), port: server.port, stop: () => (stopping ??= parts.stopAll()) };
  } catch (error) {
    await parts.stopAll().catch((stopError) => logger.error({ err: stopError }, 'cleanup after a failed start failed'));
    throw error;
  }
}
