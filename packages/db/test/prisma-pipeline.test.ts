import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { sha256Hex } from '../src';
import { migratedDatabase, MIGRATIONS_DIR } from './fixtures/test-database';

const packageDir = join(__dirname, '..');

describe('the Prisma 7 pipeline: generate offline, migrate with our runner, query through the pg adapter', () => {
  it('generates the client without downloading the schema engine', async () => {
    const env = { ...process.env };
    delete env.PRISMA_SCHEMA_ENGINE_BINARY;
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['scripts/prisma-generate.js', 'test/prisma/schema.prisma'],
      { cwd: packageDir, env },
    );
    expect(`${stdout}${stderr}`).toMatch(/Generated Prisma Client/);
  }, 60_000);

  it('creates, reads and counts rows in the service schema, and records the migration as Prisma does', async () => {
    const { databaseUrl, prisma } = await migratedDatabase('pipeline_test');
    const sql = new Client({ connectionString: databaseUrl });
    await sql.connect();
    try {
      await prisma.widget.create({ data: { id: 'w1', name: 'First widget' } });
      expect(await prisma.widget.findUnique({ where: { id: 'w1' } })).toMatchObject({ id: 'w1', name: 'First widget' });
      expect(await prisma.widget.count()).toBe(1);

      const { rows: tables } = await sql.query(
        `SELECT table_schema FROM information_schema.tables WHERE table_name = 'widget'`,
      );
      expect(tables).toEqual([{ table_schema: 'pipeline_test' }]);

      const file = await readFile(join(MIGRATIONS_DIR, '20250101000000_init', 'migration.sql'));
      const { rows } = await sql.query(`SELECT * FROM pipeline_test."_prisma_migrations"`);
      expect(rows).toEqual([
        {
          id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
          checksum: sha256Hex(file),
          finished_at: expect.any(Date),
          migration_name: '20250101000000_init',
          logs: null,
          rolled_back_at: null,
          started_at: expect.any(Date),
          applied_steps_count: 1,
        },
      ]);
      expect(rows[0].finished_at.getTime()).toBeGreaterThanOrEqual(rows[0].started_at.getTime());
    } finally {
      await sql.end();
      await prisma.$disconnect();
    }
  });
});
