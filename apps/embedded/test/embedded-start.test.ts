import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { embeddedRunnerEnv, hostilePassFailures, ManagedProcess, waitFor } from '@waymark/testkit';
import { startBareRedirectServer } from './support/bare-redirect-server';
import { embeddedEntryPoints } from './support/embedded-entry-points';
import { runHeavyApiLoad } from './support/heavy-api-load';
import { onboardLoadTenant } from './support/load-tenant';
import { percentile, startRedirectProbe } from './support/redirect-probe';

// `npm start` runs the compiled runner; the test command builds before jest, so this is what a user starts.
const MAIN = resolve(__dirname, '..', 'dist', 'main.js');
const SERVICES = ['link-api', 'redirector', 'analytics-ingest', 'notifier', 'gs1-catalog', 'export-renderer'];

jest.setTimeout(240_000);

describe('npm start (embedded mode)', () => {
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  let ports: Record<string, number>;
  // Started by the first test and left running for the next: one start of the system serves both.
  let proc: ManagedProcess | undefined;

  beforeAll(async () => {
    if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run "npm run build" first`);
    dataDir = mkdtempSync(join(tmpdir(), 'waymark-embedded-'));
    ({ ports, env } = await embeddedRunnerEnv(dataDir));
  });

  afterAll(async () => {
    await proc?.stop('SIGTERM', 30_000);
    rmSync(dataDir, { recursive: true, force: true });
  });

  const start = async () => {
    const proc = new ManagedProcess(process.execPath, [MAIN], { deathSignal: 'SIGTERM', env });
    await proc.waitForLine(/Waymark is running/, 180_000);
    return proc;
  };

  it('brings up all six services, serves a link at once, and keeps it across a restart', async () => {
    proc = await start();
    const servicePorts = [
      ports.LINK_API,
      ports.REDIRECTOR,
      ports.ANALYTICS,
      ports.NOTIFIER,
      ports.GS1_CATALOG,
      ports.EXPORT_RENDERER,
    ];
    for (const [i, port] of servicePorts.entries()) {
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
      expect({ service: SERVICES[i], status: ready.status }).toEqual({ service: SERVICES[i], status: 200 });
    }
    const state = JSON.parse(readFileSync(join(dataDir, 'embedded.json'), 'utf8'));
    const api = `http://127.0.0.1:${ports.API}`;
    expect(state.apiUrl).toBe(api);
    const token = readFileSync(join(dataDir, 'secrets', 'operator-token'), 'utf8').trim();
    const keyResponse = await fetch(`${api}/admin/v1/tenants/${state.defaultTenantId}/keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ scopes: ['links:read', 'links:write'] }),
    });
    expect(keyResponse.status).toBe(201);
    const { key } = (await keyResponse.json()) as { key: string };
    const created = await waitFor(
      async () => {
        const response = await fetch(`${api}/v1/links`, {
          method: 'POST',
          headers: { 'x-api-key': key, 'content-type': 'application/json' },
          body: JSON.stringify({ destination: 'https://example.com/landing', code: 'hello' }),
        });
        return response.status === 201 ? response : response.status === 401 ? undefined : response;
      },
      { timeoutMs: 10_000, message: 'the new key never authenticated' },
    );
    expect(created.status).toBe(201);
    // The redirector routes by Host: visit the default domain itself, as a browser would.
    const visit = () => fetch(`http://${state.defaultDomain}/hello`, { redirect: 'manual' });
    const first = await waitFor(async () => ((await visit()).status === 302 ? true : undefined), {
      timeoutMs: 5_000,
    });
    expect(first).toBe(true);
    // Visitors reach the redirector's port directly here: no metrics for them, and no anonymous object listing.
    const metrics = await fetch(`http://${state.defaultDomain}/metrics`);
    expect({ status: metrics.status, prometheus: /# HELP/.test(await metrics.text()) }).toEqual({
      status: 404,
      prometheus: false,
    });
    expect((await fetch(`http://127.0.0.1:${ports.S3}/waymark?list-type=2`)).status).toBe(403);

    await proc.stop('SIGTERM', 30_000);
    proc = await start();
    const again = await visit();
    expect(again.status).toBe(302);
    expect(again.headers.get('location')).toBe('https://example.com/landing');
  });

  it('answers every hostile request at every path of every listener below 500, and keeps serving', async () => {
    const running = proc;
    if (!running || running.hasExited) throw new Error('the first test left no running system');
    const state = JSON.parse(readFileSync(join(dataDir, 'embedded.json'), 'utf8'));
    const entryPoints = await embeddedEntryPoints(ports, state.defaultDomain);
    expect(await hostilePassFailures(entryPoints)).toEqual([]);
    expect(running.hasExited).toBe(false);
    const api = `http://127.0.0.1:${ports.API}`;
    expect((await fetch(`${api}/`)).status).toBe(200);
    expect((await fetch(`${api}/v1/openapi.json`)).status).toBe(200);
    const visit = await fetch(`http://${state.defaultDomain}/hello`, { redirect: 'manual' });
    expect(visit.status).toBe(302);
  });

  it('keeps redirects under 50 ms at p99 while the API, a GS1 import and an export load the same process', async () => {
    const running = proc;
    if (!running || running.hasExited) throw new Error('the first tests left no running system');
    const api = `http://127.0.0.1:${ports.API}`;
    const token = readFileSync(join(dataDir, 'secrets', 'operator-token'), 'utf8').trim();
    const tenant = await onboardLoadTenant(api, token);
    const destination = 'https://example.com/steady';
    const created = await fetch(`${api}/v1/links`, {
      method: 'POST',
      headers: { 'x-api-key': tenant.key, 'content-type': 'application/json' },
      body: JSON.stringify({ destination, code: 'steady' }),
    });
    expect(created.status).toBe(201);

    // The same visits to a bare node:http 302 beside it: what the host itself allowed during the run.
    const bare = await startBareRedirectServer();
    const floor = await startRedirectProbe({
      port: bare.port,
      host: 'bare.test',
      path: '/',
      location: bare.location,
      perSecond: 100,
    });
    // Visitors at a modest fixed rate, whatever the answers' pace, from a process of their own.
    const probe = await startRedirectProbe({
      port: ports.REDIRECTOR as number,
      host: tenant.domain,
      path: '/steady',
      location: destination,
      perSecond: 100,
    });
    const load = await runHeavyApiLoad(api, tenant.key, 8, 8_000).catch(async (error: unknown) => {
      await Promise.all([probe.stop(), floor.stop()]).catch(() => undefined);
      bare.stop();
      throw error;
    });
    const [{ latenciesMs, ...report }, floorReport] = await Promise.all([probe.stop(), floor.stop()]);
    bare.stop();
    const p99 = percentile(latenciesMs, 99);
    const redirects = { p50Ms: percentile(latenciesMs, 50), p99Ms: p99, maxMs: Math.max(...latenciesMs), ...report };
    const bareFloor = { p99Ms: percentile(floorReport.latenciesMs, 99), maxMs: Math.max(...floorReport.latenciesMs) };
    console.log({ redirects, bareNodeHttp302: bareFloor, api: load });
    expect({ wrongRedirects: report.wrong, unanswered: report.sent - report.answered, wrongApi: load.wrong }).toEqual({
      wrongRedirects: {},
      unanswered: 0,
      wrongApi: [],
    });
    expect(report.sent).toBeGreaterThanOrEqual(700);
    // The target is 50 ms on a quiet host; on a host busy with other work, what a bare 302 suffered in the same run is
    // the host's, not the redirector's, so it is allowed on top. Without the redirector's own thread p99 is seconds.
    expect(p99).toBeLessThan(50 + bareFloor.p99Ms);
  });
});
