/*
 * `npm run bench:system:closed` (issue 9): the whole system (six services as processes, two redirectors and two
 * notifiers, nginx in front, real infrastructure from the test kit) under a closed-loop mixed load through the
 * gateway: 95 % redirects, 5 % API calls, for BENCH_SECONDS (60). Prints throughput and p50/p99 per route class,
 * click-to-webhook and click-to-analytics latency of probe clicks made during the load, and the redirect throughput
 * of one redirector instance against a bare node:http 302 server measured in the same run. Figures only: nothing
 * here asserts a timing. The open-loop bench (open-loop.bench.ts) is `npm run bench:system`.
 */
import { HOOK_PATH, prepareBenchLinks, startBenchSystem } from './bench-system';
import type { DirectSystem } from '../system/support/system';
import type { Tenant } from '../system/support/tenant';
import { ClickProbes, describeLatencies } from './click-probes';
import { LatencyRecorder } from './latency-recorder';
import { runMixedLoad } from './mixed-load';
import { oneInstanceRatio, RATIO_CONNECTIONS, RATIO_ROUND_SECONDS, RATIO_ROUNDS } from './one-instance-ratio';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 48);
const LINKS = 2000;
const PROBES = 120;

let system: DirectSystem;
let tenant: Tenant;
const print = (line: string) => process.stdout.write(`${line}\n`);

beforeAll(async () => {
  ({ system, tenant } = await startBenchSystem());
}, 300_000);

afterAll(async () => {
  await system?.stop();
}, 120_000);

test('mixed load through the gateway', async () => {
  const { codes, probeCodes } = await prepareBenchLinks(system, tenant, LINKS, PROBES);

  const recorder = new LatencyRecorder();
  const probes = new ClickProbes(system, tenant, HOOK_PATH);
  const started = Date.now();
  await Promise.all([
    runMixedLoad({
      gatewayPort: system.gateway.port,
      host: tenant.domain,
      apiKey: tenant.key,
      codes,
      seconds: SECONDS,
      concurrency: CONCURRENCY,
      apiShare: 0.05,
      recorder,
    }),
    probes.run(probeCodes, Math.max(250, (SECONDS * 1000) / PROBES), started + SECONDS * 1000),
  ]);
  const elapsed = (Date.now() - started) / 1000;
  // At saturation the consumers fall behind the clicks; the grace lets the backlog drain so the latencies show it.
  const latencies = await probes.results(90_000);

  const redirectorPort = system.services.get('redirector-1')?.port as number;
  const ratio = await oneInstanceRatio(redirectorPort, tenant.domain, codes);

  print(
    `\nwhole system through nginx: ${CONCURRENCY} clients, ${elapsed.toFixed(0)} s, 95 % redirects / 5 % API calls`,
  );
  print(`total ${recorder.total} requests, ${(recorder.total / elapsed).toFixed(0)} req/s`);
  for (const line of recorder.lines(elapsed)) print(line);
  print(describeLatencies('click -> webhook', latencies.toWebhook, latencies.missing.webhook));
  print(describeLatencies('click -> analytics', latencies.toAnalytics, latencies.missing.analytics));
  if (latencies.unanswered > 0) print(`probe clicks not answered with a redirect: ${latencies.unanswered}`);
  print(
    `\none redirector instance (its own port), wrk, ${RATIO_ROUNDS} alternating rounds of ${RATIO_ROUND_SECONDS} s, ${RATIO_CONNECTIONS} connections:`,
  );
  print(
    `bare node:http 302 ${ratio.baseline.toFixed(0)} req/s (worst p99 ${ratio.baselineP99.toFixed(1)} ms); redirector ${ratio.redirector.toFixed(0)} req/s (worst p99 ${ratio.redirectorP99.toFixed(1)} ms); ratio ${(ratio.redirector / ratio.baseline).toFixed(2)}`,
  );
  // The run is only a benchmark if the system did what it was asked: these are correctness checks, not timings.
  expect(recorder.total).toBeGreaterThan(0);
  expect(latencies.toWebhook.length).toBeGreaterThan(0);
});
