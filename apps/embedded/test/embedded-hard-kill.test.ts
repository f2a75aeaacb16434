import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { embeddedRunnerEnv, ManagedProcess, waitFor, type EmbeddedPorts } from '@waymark/testkit';
import { killLeftoverDatabase } from './support/leftover-database';
import { startRedirectLoad } from './support/redirect-load';

// `npm start` runs the compiled runner; the test command builds before jest, so this is what a user starts.
const MAIN = resolve(__dirname, '..', 'dist', 'main.js');
/**
 * What a hard kill may lose, as README.md and docs/decisions.md state it: the clicks of the visits answered in the
 * last CLICK_FLUSH_INTERVAL + CLICK_DEGRADE_AFTER (their defaults) before it.
 */
const CLICK_LOSS_BOUND_MS = 100 + 2_000;

jest.setTimeout(180_000);

describe('npm start after its process was killed with SIGKILL under load', () => {
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  let ports: EmbeddedPorts;
  let proc: ManagedProcess | undefined;

  beforeAll(async () => {
    if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run "npm run build" first`);
    dataDir = mkdtempSync(join(tmpdir(), 'waymark-hard-kill-'));
    ({ ports, env } = await embeddedRunnerEnv(dataDir));
  });

  afterAll(async () => {
    await proc?.stop('SIGTERM', 30_000);
    killLeftoverDatabase(dataDir);
    rmSync(dataDir, { recursive: true, force: true });
  });

  const start = async () => {
    const started = new ManagedProcess(process.execPath, [MAIN], { deathSignal: 'SIGKILL', env });
    proc = started;
    await started.waitForLine(/Waymark is running/, 120_000);
    return started;
  };

  it('starts again, keeps every link whose create was answered, and loses at most the stated clicks', async () => {
    const first = await start();
    const state = JSON.parse(readFileSync(join(dataDir, 'embedded.json'), 'utf8'));
    const api = `http://127.0.0.1:${ports.API}`;
    const token = readFileSync(join(dataDir, 'secrets', 'operator-token'), 'utf8').trim();
    const keyResponse = await fetch(`${api}/admin/v1/tenants/${state.defaultTenantId}/keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ scopes: ['links:read', 'links:write', 'analytics'] }),
    });
    expect(keyResponse.status).toBe(201);
    const { key } = (await keyResponse.json()) as { key: string };
    const headers = { 'x-api-key': key, 'content-type': 'application/json' };
    const create = (code: string) =>
      fetch(`${api}/v1/links`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ destination: `https://example.com/${code}`, code }),
      });
    // The free plan's rate limit applies to the checks too: they wait it out as a client would.
    const read = (path: string) =>
      waitFor(
        async () => {
          const reply = await fetch(`${api}${path}`, { headers });
          return reply.status === 429 ? undefined : reply;
        },
        { timeoutMs: 10_000, intervalMs: 200, message: `GET ${path} within the rate limit` },
      );
    await waitFor(async () => (await create('load')).status === 201, { message: 'the new key to create a link' });
    await waitFor(
      async () =>
        (await fetch(`http://${state.defaultDomain}/load`, { method: 'HEAD', redirect: 'manual' })).status === 302,
      { message: 'the redirector to serve the new link' },
    );

    const load = startRedirectLoad(ports.REDIRECTOR, state.defaultDomain, '/load', 4);
    const acknowledged: string[] = [];
    let writing = true;
    const writer = (async () => {
      for (let i = 0; writing; i += 1) {
        const code = `written-${i}`;
        const created = await create(code).catch(() => undefined);
        if (created?.status === 201) acknowledged.push(code);
      }
    })();
    await waitFor(() => load.answeredAt.length >= 1_000 && acknowledged.length >= 10, {
      timeoutMs: 60_000,
      message: 'redirects and link creations under way',
    });
    const killedAt = Date.now();
    first.signal('SIGKILL');
    await first.exited;
    writing = false;
    await Promise.all([load.stop(), writer]);
    const answered = load.answeredAt.length;
    const mayLose = load.answeredAt.filter((at) => at >= killedAt - CLICK_LOSS_BOUND_MS).length;

    await start();
    const visit = await fetch(`http://${state.defaultDomain}/load`, { method: 'HEAD', redirect: 'manual' });
    expect(visit.status).toBe(302);
    const missing: string[] = [];
    for (const code of acknowledged) {
      const reply = await read(`/v1/links/${code}`);
      if (reply.status !== 200) missing.push(`${code}: ${reply.status} ${await reply.text()}`);
    }
    expect({ acknowledged: acknowledged.length, missing }).toEqual({ acknowledged: acknowledged.length, missing: [] });

    const counted = async () => {
      const reply = await read('/v1/links/load/analytics?window=24h');
      return ((await reply.json()) as { totals?: { total?: number } }).totals?.total ?? 0;
    };
    // Settled: every click the bound does not allow to lose is counted (or the deadline passes and the check fails).
    await waitFor(async () => (await counted()) >= answered - mayLose, { timeoutMs: 30_000, intervalMs: 500 }).catch(
      () => undefined,
    );
    const total = await counted();
    expect({ answered, total, lost: answered - total, mayLose, within: answered - total <= mayLose }).toMatchObject({
      within: true,
    });
    expect(total).toBeLessThanOrEqual(answered);
  });
});
