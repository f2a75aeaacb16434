import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..', '..');
const RUN_TS = path.join(REPO_ROOT, 'packages', 'http', 'test', 'support', 'run-ts.js');
const ADMIN = path.join(REPO_ROOT, 'services', 'link-api', 'src', 'cli', 'admin.ts');
const run = (...args: string[]) => promisify(execFile)(process.execPath, [RUN_TS, ADMIN, ...args], { cwd: REPO_ROOT });

describe('npm run admin -- --help', () => {
  it.each([['--help'], ['-h'], ['help'], ['key', 'create', '--help']])(
    'answers %s with the usage text and exit 0',
    async (...args) => {
      // execFile rejects on a non-zero exit, so resolving is the exit 0; no operator token is needed to ask for help.
      const { stdout } = await run(...args);
      expect(stdout).toMatch(/^usage: npm run admin -- <command>/);
      expect(stdout).toContain('key create TENANT_ID --scopes');
    },
  );

  it('still refuses an unknown option, with the usage text and a non-zero exit', async () => {
    await expect(run('--frobnicate')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining("Unknown option '--frobnicate'"),
    });
  });
});
