import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waymark } from './support/waymark-cli';

// What needs no API: help, usage errors and their exit codes, as the installed command answers them.
describe('waymark usage and exit codes', () => {
  let home: string;
  let env: NodeJS.ProcessEnv;

  beforeAll(() => {
    home = mkdtempSync(join(tmpdir(), 'waymark-usage-'));
    const {
      WAYMARK_API_KEY: _k,
      WAYMARK_API_URL: _u,
      WAYMARK_OPERATOR_TOKEN: _t,
      WAYMARK_DATA_DIR: _d,
      ...rest
    } = process.env;
    env = { ...rest, XDG_CONFIG_HOME: home, WAYMARK_HOME: home };
  });

  afterAll(() => rmSync(home, { recursive: true, force: true }));

  it.each([
    [['--help'], /Usage: waymark/],
    [['links', 'create', '--help'], /Usage: waymark links create/],
    [['gs1', 'import', '--help'], /resumes there/],
    [['admin', 'key', 'create', '--help'], /--scopes <list>/],
    [['help', 'exports'], /Usage: waymark exports/],
  ])('answers %j with its usage and exit 0', async (args, usage) => {
    const result = await waymark(args, env);
    expect(result).toMatchObject({ code: 0, stdout: expect.stringMatching(usage) });
  });

  it('documents the exit codes in --help', async () => {
    expect((await waymark(['--help'], env)).stdout).toMatch(/Exit codes:[\s\S]*2 +bad usage[\s\S]*6 +partly done/);
  });

  it('exits 2 on bad usage, naming the problem', async () => {
    expect(await waymark(['links', 'frobnicate'], env)).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("unknown command 'frobnicate'"),
    });
    expect(await waymark(['links', 'list', '--limit', 'lots'], env)).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('whole number'),
    });
    expect(await waymark(['gs1', 'import', join(home, 'missing.csv')], env)).toMatchObject({ code: 2 });
  });

  it('exits 3 when not logged in, and names how to log in', async () => {
    expect(await waymark(['links', 'list'], env)).toMatchObject({
      code: 3,
      stderr: expect.stringContaining('waymark login'),
    });
    expect(await waymark(['admin', 'tenant', 'list'], env)).toMatchObject({
      code: 3,
      stderr: expect.stringContaining('WAYMARK_OPERATOR_TOKEN'),
    });
  });

  it('exits 5 when the API cannot be reached', async () => {
    const unreachable = { ...env, WAYMARK_API_KEY: 'wm_live_x', WAYMARK_API_URL: 'http://127.0.0.1:9' };
    expect(await waymark(['links', 'list', '--json'], unreachable)).toMatchObject({ code: 5 });
  });
});
