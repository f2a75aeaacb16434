/*
 * `npm run bench:system` (issue 9): the whole system (six services as processes, two redirectors and two notifiers,
 * nginx in front, real infrastructure from the test kit) under a mixed load through the gateway: 95 % redirects,
 * 5 % API calls, for BENCH_SECONDS (60). Prints throughput and p50/p99 per route class, click-to-webhook and
 * click-to-analytics latency of probe clicks made during the load, and the redirect throughput of one redirector
 * instance against a bare node:http 302 server measured in the same run. Figures only: nothing here asserts a timing.
 */
import { waitFor } from '@waymark/testkit';
import { startSystem, type System } from '../system/support/system';
import { onboardTenant, type Tenant } from '../system/support/tenant';
import { visit } from '../system/support/visitor';
import { ClickProbes, describeLatencies } from './click-probes';
import { LatencyRecorder } from './latency-recorder';
import { runMixedLoad } from './mixed-load';
import { oneInstanceRatio, RATIO_CONNECTIONS, RATIO_ROUND_SECONDS, RATIO_ROUNDS } from './one-instance-ratio';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 48);
const LINKS = 2000;
const PROBES = 120;
const HOOK_PATH = '/bench-hooks';
const PLAN = 'bench';

let system: System;
let tenant: Tenant;
const print = (line: string) => process.stdout.write(`${line}\n`);

beforeAll(async () => {
  system = await startSystem();
  // A plan whose rate limit the API share of the load stays under: the benchmark measures work, not 429s.
  const plan = await system.operator.call('PUT', `/admin/v1/plans/${PLAN}`, { rateLimitPerMinute: 1_000_000, burst: 100_000, bulkRowCap: 500, exportsPerHour: 10 });
  if (plan.status !== 200) throw new Error(`plan: ${plan.status} ${plan.text}`);
  tenant = await onboardTenant(system, { plan: PLAN });
}, 300_000);

afterAll(async () => {
  await system?.stop();
}, 120_000);

async function createLinks(count: number, prefix: string, notifyChannels: string[] = []): Promise<string[]> {
  const codes: string[] = [];
  for (let start = 0; start < count; start += 500) {
    const rows = Array.from({ length: Math.min(500, count - start) }, (_, i) => ({
      destination: `https://example.com/${prefix}/${start + i}`,
      code: `${prefix}-${start + i}`,
      notifyChannels,
    }));
    const reply = await tenant.api.call('POST', '/v1/links/bulk', { rows });
    if (reply.status !== 200) throw new Error(`bulk: ${reply.status} ${reply.text.slice(0, 300)}`);
    codes.push(...rows.map((r) => r.code));
  }
  return codes;
}

async function webhookChannel(): Promise<string> {
  const channel = await tenant.api.call('POST', '/v1/channels', { type: 'webhook', name: 'bench', config: { url: `${system.receiver.base}${HOOK_PATH}` } });
  if (channel.status !== 201) throw new Error(`channel: ${channel.status} ${channel.text}`);
  const id = channel.body.id as string;
  // link-api learns channels from channels.v1: until then a link naming it is refused.
  await waitFor(async () => (await tenant.api.call('POST', '/v1/links', { destination: 'https://example.com/p', code: 'bench-ready', notifyChannels: [id] })).status === 201, {
    timeoutMs: 30_000,
    intervalMs: 200,
    message: 'link-api to know the bench channel',
  });
  return id;
}

test('mixed load through the gateway', async () => {
  const channelId = await webhookChannel();
  const codes = await createLinks(LINKS, 'load');
  const probeCodes = await createLinks(PROBES, 'probe', [channelId]);
  // Every redirector knows every link before the clock starts.
  await waitFor(
    async () => {
      for (const label of ['redirector-1', 'redirector-2']) {
        const port = system.services.get(label)?.port as number;
        const last = await visit(port, tenant.domain, `/${probeCodes[probeCodes.length - 1]}`, { method: 'HEAD' });
        if (last.status !== 302) return false;
      }
      return true;
    },
    { timeoutMs: 60_000, intervalMs: 250, message: 'both redirectors to know the bench links' },
  );
  // analytics-ingest learns links from links.v1 and answers 404 for one it has not learned: a sample of them first.
  const sample = [...codes.filter((_, i) => i % 100 === 99), probeCodes[probeCodes.length - 1] as string];
  await waitFor(async () => (await Promise.all(sample.map((code) => tenant.api.raw('GET', `/v1/links/${code}/analytics?window=24h`)))).every((r) => r.status === 200), {
    timeoutMs: 60_000,
    intervalMs: 500,
    message: 'analytics-ingest to know the bench links',
  });

  const recorder = new LatencyRecorder();
  const probes = new ClickProbes(system, tenant, HOOK_PATH);
  const started = Date.now();
  await Promise.all([
    runMixedLoad({ gatewayPort: system.gateway.port, host: tenant.domain, apiKey: tenant.key, codes, seconds: SECONDS, concurrency: CONCURRENCY, apiShare: 0.05, recorder }),
    probes.run(probeCodes, Math.max(250, (SECONDS * 1000) / PROBES), started + SECONDS * 1000),
  ]);
  const elapsed = (Date.now() - started) / 1000;
  // At saturation the consumers fall behind the clicks; the grace lets the backlog drain so the latencies show it.
  const latencies = await probes.results(90_000);

  const redirectorPort = system.services.get('redirector-1')?.port as number;
  const ratio = await oneInstanceRatio(redirectorPort, tenant.domain, codes);

  print(`\nwhole system through nginx: ${CONCURRENCY} clients, ${elapsed.toFixed(0)} s, 95 % redirects / 5 % API calls`);
  print(`total ${recorder.total} requests, ${(recorder.total / elapsed).toFixed(0)} req/s`);
  for (const line of recorder.lines(elapsed)) print(line);
  print(describeLatencies('click -> webhook', latencies.toWebhook, latencies.missing.webhook));
  print(describeLatencies('click -> analytics', latencies.toAnalytics, latencies.missing.analytics));
  print(`\none redirector instance (its own port), wrk, ${RATIO_ROUNDS} alternating rounds of ${RATIO_ROUND_SECONDS} s, ${RATIO_CONNECTIONS} connections:`);
  print(`bare node:http 302 ${ratio.baseline.toFixed(0)} req/s (worst p99 ${ratio.baselineP99.toFixed(1)} ms); redirector ${ratio.redirector.toFixed(0)} req/s (worst p99 ${ratio.redirectorP99.toFixed(1)} ms); ratio ${(ratio.redirector / ratio.baseline).toFixed(2)}`);
  // The run is only a benchmark if the system did what it was asked: these are correctness checks, not timings.
  expect(recorder.total).toBeGreaterThan(0);
  expect(latencies.toWebhook.length).toBeGreaterThan(0);
});
