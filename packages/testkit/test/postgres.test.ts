import { Client } from 'pg';
import { createTestDatabase, startPostgres, uniqueName, waitFor } from '../src';

async function query<T extends object>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

describe('createTestDatabase', () => {
  it('gives each caller its own empty database on the shared server', async () => {
    const [first, second] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    expect(first).not.toEqual(second);
    await query(first, 'CREATE TABLE notes (id int primary key, body text)');
    await query(first, "INSERT INTO notes VALUES (1, 'only here')");
    expect(await query(first, 'SELECT body FROM notes')).toEqual([{ body: 'only here' }]);
    await expect(query(second, 'SELECT body FROM notes')).rejects.toThrow(/does not exist/);
  });

  it('clones a template that is prepared once, however many callers race for it', async () => {
    let prepared = 0;
    const template = {
      name: uniqueName('migrated'),
      async prepare(url: string) {
        prepared += 1;
        await query(url, 'CREATE TABLE plans (name text primary key)');
        await query(url, "INSERT INTO plans VALUES ('free')");
      },
    };
    const urls = await Promise.all([1, 2, 3].map(() => createTestDatabase({ template })));
    expect(prepared).toBe(1);
    for (const url of urls) expect(await query(url, 'SELECT name FROM plans')).toEqual([{ name: 'free' }]);
  });
});

describe('startPostgres', () => {
  it('runs a private server that keeps its data across a restart on the same port', async () => {
    const pg = await startPostgres();
    try {
      await query(pg.url, 'CREATE TABLE kept (v int)');
      await query(pg.url, 'INSERT INTO kept VALUES (42)');
      await pg.restart();
      const rows = await waitFor(() => query<{ v: number }>(pg.url, 'SELECT v FROM kept'), {
        timeoutMs: 20_000,
        message: 'the restarted server to answer',
      });
      expect(rows).toEqual([{ v: 42 }]);
    } finally {
      await pg.stop();
    }
    await expect(query(pg.url, 'SELECT 1')).rejects.toThrow();
  });
});
