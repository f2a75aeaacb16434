import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..', '..');
const RUN_TS = require.resolve('@waymark/runtime/run-ts');
const CLI = path.join(REPO_ROOT, 'packages', 'events', 'src', 'cli', 'dead-letters.ts');
const run = (...args: string[]) => {
  const env = { ...process.env };
  delete env.KAFKA_BROKERS;
  return promisify(execFile)(process.execPath, [RUN_TS, CLI, ...args], { cwd: REPO_ROOT, env });
};

describe('npm run dead-letters -- --help', () => {
  it.each([['--help'], ['-h'], ['help'], ['replay', '--topic', 'clicks.v1', '--help']])(
    'answers %s with the usage text and exit 0',
    async (...args) => {
      // Resolving is the exit 0 (execFile rejects otherwise); no KAFKA_BROKERS is needed to ask for help.
      const { stdout } = await run(...args);
      expect(stdout).toMatch(/^usage: waymark-dead-letters <list\|replay>/);
    },
  );

  it('still answers a wrong command line with the usage text and exit 64', async () => {
    await expect(run('purge')).rejects.toMatchObject({
      code: 64,
      stderr: expect.stringContaining('expected list or replay, got purge'),
    });
  });
});
