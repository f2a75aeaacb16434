import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { createTestDatabase } from '@waymark/testkit';
import {
  FailedMigrationError,
  MigrationApplyError,
  MigrationChecksumError,
  OUTBOX_DDL,
  runMigrations,
  sha256Hex,
} from '../src';

describe('runMigrations', () => {
  let dir: string;
  let databaseUrl: string;
  let sql: Client;
  const schema = 'migrations_test';
  const run = () => runMigrations({ databaseUrl, schema, migrationsDir: dir });

  async function migration(name: string, body: string): Promise<void> {
    await mkdir(join(dir, name), { recursive: true });
    await writeFile(join(dir, name, 'migration.sql'), body);
  }
  async function history(): Promise<{ migration_name: string; finished_at: Date | null }[]> {
    const { rows } = await sql.query(
      `SELECT migration_name, finished_at FROM ${schema}."_prisma_migrations" ORDER BY started_at`,
    );
    return rows;
  }

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'migrations-'));
    databaseUrl = await createTestDatabase();
    sql = new Client({ connectionString: databaseUrl });
    await sql.connect();
    await migration('20250101000000_create_a', 'CREATE TABLE "a" ("id" INT PRIMARY KEY);\n');
    await migration(
      '20250102000000_create_b',
      'CREATE TABLE "b" ("id" INT PRIMARY KEY);\nINSERT INTO "b" VALUES (1);\n',
    );
  });
  afterEach(async () => {
    await sql.end();
    await rm(dir, { recursive: true, force: true });
  });

  it('applies pending migrations in order into the schema, then nothing on the next start', async () => {
    expect(await run()).toEqual({
      applied: ['20250101000000_create_a', '20250102000000_create_b'],
      alreadyApplied: [],
    });
    expect((await sql.query(`SELECT id FROM ${schema}.b`)).rows).toEqual([{ id: 1 }]);

    await migration('20250103000000_create_c', 'CREATE TABLE "c" ("id" INT);\n');
    expect(await run()).toEqual({
      applied: ['20250103000000_create_c'],
      alreadyApplied: ['20250101000000_create_a', '20250102000000_create_b'],
    });
    expect((await history()).map((row) => row.migration_name)).toHaveLength(3);
  });

  it('applies each migration once when several instances start together', async () => {
    const results = await Promise.all([run(), run(), run()]);
    expect(results.flatMap((result) => result.applied).sort()).toEqual([
      '20250101000000_create_a',
      '20250102000000_create_b',
    ]);
    expect(await history()).toHaveLength(2);
  });

  it('fails loudly when an applied migration was edited', async () => {
    await run();
    await migration('20250101000000_create_a', 'CREATE TABLE "a" ("id" BIGINT PRIMARY KEY);\n');
    await expect(run()).rejects.toBeInstanceOf(MigrationChecksumError);
    await expect(run()).rejects.toThrow(/20250101000000_create_a was edited after it was applied/);
  });

  it('does not mistake a change of line endings for an edit', async () => {
    await run();
    await migration(
      '20250102000000_create_b',
      'CREATE TABLE "b" ("id" INT PRIMARY KEY);\r\nINSERT INTO "b" VALUES (1);\r\n',
    );
    await expect(run()).resolves.toMatchObject({ applied: [] });
  });

  it('rolls back a failing migration completely and keeps the ones before it', async () => {
    await migration('20250103000000_broken', 'CREATE TABLE "c" ("id" INT);\nSELECT * FROM "no_such_table";\n');
    const failure = run();
    await expect(failure).rejects.toBeInstanceOf(MigrationApplyError);
    await expect(failure).rejects.toThrow(/20250103000000_broken failed and was rolled back: .*no_such_table/);
    expect((await history()).map((row) => row.migration_name)).toEqual([
      '20250101000000_create_a',
      '20250102000000_create_b',
    ]);
    expect((await sql.query(`SELECT to_regclass('${schema}.c') AS c`)).rows).toEqual([{ c: null }]);
  });

  it('refuses to start over a migration Prisma recorded as started but unfinished', async () => {
    await run();
    await sql.query(
      `UPDATE ${schema}."_prisma_migrations" SET finished_at = NULL WHERE migration_name = '20250102000000_create_b'`,
    );
    await expect(run()).rejects.toBeInstanceOf(FailedMigrationError);
  });

  it('applies again a migration marked rolled back, as prisma migrate deploy does', async () => {
    await run();
    await sql.query(`DROP TABLE ${schema}.b`);
    await sql.query(
      `UPDATE ${schema}."_prisma_migrations" SET rolled_back_at = now() WHERE migration_name = '20250102000000_create_b'`,
    );
    expect(await run()).toMatchObject({ applied: ['20250102000000_create_b'] });
    expect(await history()).toHaveLength(3);
  });

  describe('with package-owned tables (sharedDdl)', () => {
    const runShared = () => runMigrations({ databaseUrl, schema, migrationsDir: dir, sharedDdl: [OUTBOX_DDL] });
    const triggers = async () =>
      (await sql.query(`SELECT count(*)::int AS n FROM pg_trigger WHERE tgrelid = '${schema}.outbox'::regclass`))
        .rows[0].n;

    it('creates them before the migrations, which may use them, and leaves them alone on the next start', async () => {
      await migration(
        '20250103000000_use_outbox',
        'INSERT INTO "processed_events" ("consumer", "event_id") VALUES (\'c\', \'e\');\n',
      );
      expect(await runShared()).toMatchObject({ applied: expect.arrayContaining(['20250103000000_use_outbox']) });
      await sql.query(`INSERT INTO ${schema}.outbox (event_id, topic, key) VALUES ('e1', 't', 'k')`);
      await expect(runShared()).resolves.toMatchObject({ applied: [] });
      expect((await sql.query(`SELECT event_id FROM ${schema}.outbox`)).rows).toEqual([{ event_id: 'e1' }]);
      expect(await triggers()).toBe(1);
    });

    it('upgrades a database whose first migration created them, when released.sha256 names that version', async () => {
      const released = `-- CreateTable\n${OUTBOX_DDL.sql}CREATE TABLE "w" ("id" INT);\n`;
      await migration('20250101000000_create_a', released);
      await run();
      await migration('20250101000000_create_a', '-- outbox: OUTBOX_DDL\nCREATE TABLE "w" ("id" INT);\n');
      await expect(runShared()).rejects.toBeInstanceOf(MigrationChecksumError);

      await writeFile(
        join(dir, '20250101000000_create_a', 'released.sha256'),
        `# as released\n${sha256Hex(released)}  migration.sql\n`,
      );
      await expect(runShared()).resolves.toMatchObject({ applied: [] });
      expect(await triggers()).toBe(1);
    });
  });
});
