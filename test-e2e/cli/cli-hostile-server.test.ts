import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { json, startHostileApi, type HostileApi } from './support/hostile-api';
import { waymark } from './support/waymark-cli';

/** Text that would retitle the window, hide a line and colour the rest if a terminal obeyed it. */
const ESCAPES = '\u001b]0;pwned\u0007\u001b[2K\r\u001b[31mred\u009b31m\u0085';

// The CLI pointed at a server that answers to harm it: it keeps its files, its terminal and its time.
describe('the waymark CLI against a hostile server', () => {
  let api: HostileApi;
  let root: string;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    api = await startHostileApi((req, res) => {
      if (req.url.startsWith('/v1/gs1/exports/')) {
        const downloadUrl = `${api.url}/zip`;
        return json(res, 200, { jobId: '../../escaped', status: 'ready', downloadUrl, count: 1, progress: null });
      }
      if (req.url === '/zip') return res.writeHead(200, { 'content-type': 'application/zip' }).end('PK');
      if (req.url.startsWith('/v1/links/shown')) return json(res, 200, { code: 'shown', title: `a ${ESCAPES} title` });
      if (req.url.startsWith('/v1/links/refused')) return json(res, 400, { error: `bad ${ESCAPES}`, code: 'x' });
      // Anything else: the connection stays open and nothing is ever answered.
    });
    root = mkdtempSync(join(tmpdir(), 'waymark-hostile-'));
    const { WAYMARK_DATA_DIR: _d, WAYMARK_HOME: _h, WAYMARK_REQUEST_TIMEOUT: _t, ...rest } = process.env;
    env = { ...rest, XDG_CONFIG_HOME: join(root, 'config'), WAYMARK_API_URL: api.url, WAYMARK_API_KEY: 'wm_live_x' };
  });

  afterAll(async () => {
    await api.stop();
    rmSync(root, { recursive: true, force: true });
  });

  it('refuses an export id that would leave the --out folder, and writes nothing', async () => {
    const out = join(root, 'a', 'b', 'out');
    const result = await waymark(['exports', 'download', 'job-1', '--out', out], env);
    expect(result).toMatchObject({ code: 1, stderr: expect.stringContaining('unusable export id') });
    expect(existsSync(join(root, 'a', 'escaped.zip'))).toBe(false);
    expect(readdirSync(root)).toEqual([]);
    expect(api.seen.some((r) => r.url === '/zip')).toBe(false);
  });

  it.each([
    ['a record, as a table', ['links', 'get', 'shown']],
    ['a record, as JSON', ['links', 'get', 'shown', '--json']],
    ['an error message', ['links', 'get', 'refused']],
    ['an error body, as JSON', ['links', 'get', 'refused', '--json']],
  ])('prints %s without the escape sequences and control characters it carried', async (_what, args) => {
    const result = await waymark(args, env);
    const printed = result.stdout + result.stderr;
    expect(printed).toMatch(/red/);
    // eslint-disable-next-line no-control-regex -- looking for control characters is the point
    expect(printed).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
  });

  it('gives up on a silent server after --request-timeout, once, with a clear error', async () => {
    const before = api.seen.length;
    const started = Date.now();
    const result = await waymark(['links', 'list', '--request-timeout', '1'], env);
    expect(result).toMatchObject({ code: 5, stderr: expect.stringContaining('did not answer within 1 s') });
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(api.seen.length - before).toBe(1);
  });

  it('reads the request timeout from WAYMARK_REQUEST_TIMEOUT', async () => {
    const result = await waymark(['exports', 'list'], { ...env, WAYMARK_REQUEST_TIMEOUT: '1' });
    expect(result).toMatchObject({ code: 5, stderr: expect.stringContaining('did not answer within 1 s') });
  });
});
