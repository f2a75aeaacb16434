import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { withLinksApiAndTenant, type Api, type TestTenant } from '../support/links-fixture';

/** The `waymark` command `npm install` puts in the workspace, run as a user runs it (a child process). */
const WAYMARK_BIN = resolve(__dirname, '..', '..', '..', '..', 'node_modules', '.bin', 'waymark');

function waymark(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(WAYMARK_BIN, args, { env }, (error, stdout, stderr) =>
      done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

let api: Api;
let tenant: TestTenant;
withLinksApiAndTenant((started, owner) => ((api = started), (tenant = owner)));

// `waymark links` (packages/cli) against link-api itself: the ETag it prints is the one `--if-match` takes.
describe('ETags in the waymark CLI', () => {
  let root: string;
  let env: NodeJS.ProcessEnv;

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'waymark-etags-'));
    const { WAYMARK_DATA_DIR: _d, WAYMARK_HOME: _h, ...rest } = process.env;
    env = { ...rest, XDG_CONFIG_HOME: join(root, 'config'), WAYMARK_API_URL: api.url, WAYMARK_API_KEY: tenant.key };
  });

  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('prints the ETag on create, get and update, and updates only with the current one', async () => {
    const created = await waymark(['links', 'create', 'https://example.com/cli-etag', '--code', 'cli-etag'], env);
    expect(created.code).toBe(0);
    const [shortUrl, etagLine] = created.stdout.trim().split('\n');
    expect(shortUrl).toMatch(new RegExp(`//${tenant.domain}/cli-etag$`));
    const etag = /^etag ("[0-9a-f]+")$/.exec(etagLine ?? '')?.[1];
    expect(etag).toBeDefined();
    expect((await waymark(['links', 'get', 'cli-etag'], env)).stdout).toContain(etag!);

    // As a shell passes `--if-match "abc"`: the quotes are gone.
    const bare = etag!.slice(1, -1);
    const updated = await waymark(['links', 'update', 'cli-etag', '--title', 'edited', '--if-match', bare], env);
    expect(updated).toMatchObject({ code: 0 });
    expect(updated.stdout).toContain('edited');
    expect(updated.stdout).not.toContain(etag!);

    const stale = await waymark(['links', 'update', 'cli-etag', '--title', 'lost', '--if-match', etag!], env);
    expect(stale.code).toBe(1);
    expect(stale.stderr).toContain('precondition_failed');
    const read = await waymark(['links', 'get', 'cli-etag', '--json'], env);
    expect(JSON.parse(read.stdout)).toMatchObject({ title: 'edited' });
  });
});
