import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readMigrationFiles, sha256Hex } from './migration-files';

describe('readMigrationFiles', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'migrations-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  async function migration(name: string, sql: string): Promise<void> {
    await mkdir(join(dir, name));
    await writeFile(join(dir, name, 'migration.sql'), sql);
  }

  it('lists migrations in folder-name order with the sha256 hex of each file, as Prisma does', async () => {
    await migration('20250102000000_second', 'SELECT 2;\n');
    await migration('20250101000000_first', 'SELECT 1;\n');
    await writeFile(join(dir, 'migration_lock.toml'), 'provider = "postgresql"\n');

    const files = await readMigrationFiles(dir);

    expect(files.map((f) => f.name)).toEqual(['20250101000000_first', '20250102000000_second']);
    // sha256("SELECT 1;\n") as `sha256sum` prints it.
    expect(files[0]?.checksum).toBe('b4e0497804e46e0a0b0b8c31975b062152d551bac49c3c2e80932567b4085dcd');
  });

  it('accepts the same script with other line endings, so a Windows checkout is not an edited migration', async () => {
    await migration('20250101000000_first', 'SELECT 1;\r\nSELECT 2;\r\n');
    const [file] = await readMigrationFiles(dir);
    expect(file?.acceptedChecksums).toContain(sha256Hex('SELECT 1;\nSELECT 2;\n'));
    expect(file?.acceptedChecksums).toContain(sha256Hex('SELECT 1;\r\nSELECT 2;\r\n'));
  });

  it('refuses folders that are not <timestamp>_<name>', async () => {
    await migration('init', 'SELECT 1;');
    await expect(readMigrationFiles(dir)).rejects.toThrow(/14-digit timestamp/);
  });
});
