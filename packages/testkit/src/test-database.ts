import { Client } from 'pg';
import { getTestInfra } from './state-file';
import { uniqueName } from './unique-name';

export interface DatabaseTemplate {
  /** Identifies the template within the run, e.g. "link-api-migrated". */
  name: string;
  /**
   * Fills the template once per run (e.g. applies migrations), given its URL. It must close its
   * connections before resolving: PostgreSQL copies a template only while nobody is connected to it.
   */
  prepare(url: string): Promise<void>;
}

export interface TestDatabaseOptions {
  /** Clone this template instead of an empty database; it is prepared by the first caller of the run. */
  template?: DatabaseTemplate;
  /** Server to create it on; the shared one of the run by default. */
  serverUrl?: string;
}

/** Creates a fresh database on the shared server (one per test file isolates files) and returns its URL. */
export async function createTestDatabase(opts: TestDatabaseOptions = {}): Promise<string> {
  const serverUrl = opts.serverUrl ?? getTestInfra().postgres.url;
  const name = uniqueName('test').replace(/-/g, '_');
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    if (opts.template) {
      const template = await ensureTemplate(client, serverUrl, opts.template);
      await client.query(`CREATE DATABASE ${quote(name)} TEMPLATE ${quote(template)}`);
    } else {
      await client.query(`CREATE DATABASE ${quote(name)}`);
    }
  } finally {
    await client.end();
  }
  return databaseUrl(serverUrl, name);
}

/** Prepares the template once across all workers of the run: an advisory lock serialises the first callers. */
async function ensureTemplate(client: Client, serverUrl: string, template: DatabaseTemplate): Promise<string> {
  const name = `tpl_${template.name.toLowerCase().replace(/[^a-z0-9_]+/g, '_')}`.slice(0, 63);
  await client.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
  try {
    const found = await client.query<{ datistemplate: boolean }>(
      'SELECT datistemplate FROM pg_database WHERE datname = $1',
      [name],
    );
    if (found.rows[0]?.datistemplate) return name;
    // A template left unfinished by a failed prepare is rebuilt, never used.
    if (found.rows[0]) await client.query(`DROP DATABASE ${quote(name)} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${quote(name)}`);
    await template.prepare(databaseUrl(serverUrl, name));
    await client.query(`ALTER DATABASE ${quote(name)} WITH IS_TEMPLATE true`);
    return name;
  } finally {
    await client.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
  }
}

function quote(identifier: string): string {
  return `"${identifier.replace(/"/g, '""')}"`;
}

function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
