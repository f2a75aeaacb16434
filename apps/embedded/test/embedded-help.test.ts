import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { embeddedSchema } from '../src/embedded-config';

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const RUN_TS = require.resolve('@waymark/runtime/run-ts');
const MAIN = path.join(REPO_ROOT, 'apps', 'embedded', 'src', 'main.ts');

describe('npm start -- --help', () => {
  let dataDir: string;
  beforeAll(() => (dataDir = mkdtempSync(path.join(tmpdir(), 'waymark-help-'))));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it.each([['--help'], ['-h']])('answers %s with the usage text and exit 0, starting nothing', async (flag) => {
    const data = path.join(dataDir, flag);
    const env = { ...process.env, WAYMARK_DATA_DIR: data };
    // Resolving is the exit 0 (execFile rejects otherwise); a start would create the data folder.
    const { stdout } = await promisify(execFile)(process.execPath, [RUN_TS, MAIN, flag], {
      cwd: REPO_ROOT,
      env,
      timeout: 30_000,
    });
    expect(stdout).toMatch(/^usage: npm start/);
    expect(existsSync(data)).toBe(false);
  });

  it('names every variable the embedded mode reads', async () => {
    const { EMBEDDED_USAGE } = await import('../src/embedded-usage');
    for (const variable of Object.keys(embeddedSchema.shape))
      expect({ variable, listed: EMBEDDED_USAGE.includes(variable) }).toEqual({ variable, listed: true });
  });
});
