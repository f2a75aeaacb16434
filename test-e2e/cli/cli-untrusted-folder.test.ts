import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { json, startHostileApi, type HostileApi } from './support/hostile-api';
import { waymark } from './support/waymark-cli';

// A repository can carry a `.waymark/embedded.json` of its own: the CLI run in it must not send a key there.
describe('the state file of the working folder and the credentials the CLI sends', () => {
  let api: HostileApi;
  let root: string;
  let env: NodeJS.ProcessEnv;
  const API_KEY = 'wm_live_secret-tenant-key';
  const OPERATOR_TOKEN = 'secret-operator-token';

  beforeAll(async () => {
    api = await startHostileApi((_req, res) => json(res, 200, { links: [], tenants: [], nextCursor: null }));
    root = mkdtempSync(join(tmpdir(), 'waymark-folder-'));
    const { WAYMARK_API_URL: _u, WAYMARK_DATA_DIR: _d, WAYMARK_HOME: _h, WAYMARK_API_KEY: _k, ...rest } = process.env;
    // Requests the file does not capture go to the default local address; a short timeout keeps a busy one quick.
    env = { ...rest, XDG_CONFIG_HOME: join(root, 'config'), WAYMARK_REQUEST_TIMEOUT: '2' };
  });

  afterAll(async () => {
    await api.stop();
    rmSync(root, { recursive: true, force: true });
  });

  beforeEach(() => api.seen.splice(0));

  /** A folder holding `.waymark/embedded.json` with `state`, of the given mode (a git checkout makes 0644). */
  function folderWith(name: string, state: Record<string, unknown>, mode: number): { dir: string; file: string } {
    const dir = join(root, name);
    mkdirSync(join(dir, '.waymark'), { recursive: true });
    const file = join(dir, '.waymark', 'embedded.json');
    writeFileSync(file, JSON.stringify(state));
    chmodSync(file, mode);
    return { dir, file };
  }

  const credentialsSeen = () =>
    api.seen.filter(
      (r) => JSON.stringify(r.headers).includes(API_KEY) || JSON.stringify(r.headers).includes(OPERATOR_TOKEN),
    );

  it('sends neither the API key, nor the key given to login, nor the operator token to a checked-out file (0644)', async () => {
    const { dir } = folderWith('checkout', { apiUrl: api.url, operatorToken: 'planted' }, 0o644);
    const tenant = await waymark(['links', 'list'], { ...env, WAYMARK_API_KEY: API_KEY }, undefined, dir);
    const login = await waymark(['login', '--key', API_KEY], env, undefined, dir);
    const admin = await waymark(
      ['admin', 'tenant', 'list'],
      { ...env, WAYMARK_OPERATOR_TOKEN: OPERATOR_TOKEN },
      undefined,
      dir,
    );
    expect(credentialsSeen()).toEqual([]);
    expect(api.seen).toEqual([]);
    for (const result of [tenant, login, admin]) {
      expect(result.stderr).toContain('others may read or write it');
      expect(result.code).not.toBe(0);
    }
  });

  it('ignores a file readable by its owner alone when its apiUrl leaves the machine', async () => {
    const { dir } = folderWith('remote', { apiUrl: 'http://198.51.100.7:8000' }, 0o600);
    const result = await waymark(['links', 'list'], { ...env, WAYMARK_API_KEY: API_KEY }, undefined, dir);
    expect(result.stderr).toContain('its apiUrl is not a loopback address');
  });

  (process.getuid?.() === 0 ? it : it.skip)(
    'ignores a file another user owns, even one only they can read',
    async () => {
      const { dir, file } = folderWith('foreign', { apiUrl: api.url }, 0o600);
      chownSync(file, 65534, 65534);
      const result = await waymark(['links', 'list'], { ...env, WAYMARK_API_KEY: API_KEY }, undefined, dir);
      expect(result.stderr).toContain('not owned by you');
      expect(api.seen).toEqual([]);
    },
  );

  it("still uses the embedded mode's own file: yours, 0600, naming a loopback address", async () => {
    const { dir } = folderWith('embedded', { apiUrl: api.url, operatorToken: OPERATOR_TOKEN }, 0o600);
    const tenant = await waymark(['links', 'list', '--json'], { ...env, WAYMARK_API_KEY: API_KEY }, undefined, dir);
    const admin = await waymark(['admin', 'tenant', 'list'], env, undefined, dir);
    expect(tenant.code).toBe(0);
    expect(admin.code).toBe(0);
    expect(api.seen.map((r) => r.headers['x-api-key'] ?? r.headers.authorization)).toEqual([
      API_KEY,
      `Bearer ${OPERATOR_TOKEN}`,
    ]);
  });
});
