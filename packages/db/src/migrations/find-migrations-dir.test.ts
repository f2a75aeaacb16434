import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findMigrationsDir } from './find-migrations-dir';

describe('findMigrationsDir', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'migrations-dir-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('finds prisma/migrations beside src when running from sources', () => {
    mkdirSync(join(root, 'prisma', 'migrations'), { recursive: true });
    expect(findMigrationsDir(join(root, 'src'), 'svc')).toBe(join(root, 'prisma', 'migrations'));
  });

  it('finds prisma/migrations of the package when running compiled from dist/src', () => {
    mkdirSync(join(root, 'prisma', 'migrations'), { recursive: true });
    expect(findMigrationsDir(join(root, 'dist', 'src'), 'svc')).toBe(join(root, 'prisma', 'migrations'));
  });

  it('names the service and the places it looked when there is none', () => {
    expect(() => findMigrationsDir(join(root, 'dist', 'src'), 'svc')).toThrow(/svc migrations not found/);
  });
});
