/*
 * `npm run bench:system:overload` (issue 43): the whole system (as in `bench:system`) offered twice the rate that
 * holds, BENCH_OVERLOAD_RATE (3000) req/s, for BENCH_SECONDS (60) after BENCH_WARMUP_SECONDS (10) at that rate, 5 % of
 * them API calls, each answer given at most BENCH_TIMEOUT_SECONDS (10). Visitors first: redirect p99 must stay under
 * 100 ms, the API must shed what it cannot serve with 503 and Retry-After instead of timing out, and once the load
 * ends the system must catch up within BENCH_DRAIN_SECONDS (300): every click the generator and the probes got a
 * redirect for counted in the tenant's analytics, every probe's webhook delivered. Prints each check as holds/FAILS,
 * API answers by kind per route class, lags, CPU per process and the headroom, with the bare-302 baseline at the same
 * rate beside them. Figures only: it asserts correctness, not timings.
 */
import { availableParallelism } from 'node:os';
import { prepareBenchLinks } from './bench-system';
import { describeLatencies } from './click-probes';
import { percentile } from './latency-recorder';
import { apiAnswerLine, countApiAnswers, failuresOf } from './open-loop/api-answers';
import { runBaseline } from './open-loop/baseline-gateway';
import { judgeLag, lagLimitsFor, type LagVerdict } from './open-loop/lag-math';
import { ticksPerSecond } from './open-loop/proc-sampler';
import { cpuLines, headroomLine, lagLines, print, printChecks, scheduleLine } from './open-loop/report-printer';
import { settledClickTotal, waitForClicks } from './open-loop/tenant-clicks';
import { gatewayLoad, positiveEnv, runProbedWindow, useOpenLoopBench, windowKnobs } from './open-loop/open-loop-bench';
import { HARNESS } from './open-loop/watched-system';

/** Twice the 1,500 req/s that `bench:system` holds. */
const RATE = positiveEnv('BENCH_OVERLOAD_RATE', 3000);
const TIMEOUT_S = positiveEnv('BENCH_TIMEOUT_SECONDS', 10);
const DRAIN_S = positiveEnv('BENCH_DRAIN_SECONDS', 300);
const RUN = windowKnobs({ seconds: 60, warmupS: 10 });
const LINKS = 2000;
const PROBES = Math.min(60, Math.max(10, Math.floor(RUN.seconds / 1.5)));
const LATE_AFTER_MS = 5;
const P99_LIMIT_MS = 100;

const bench = useOpenLoopBench();

test('overload: visitors keep their latency, the API sheds, and nothing is lost', async () => {
  const { system, tenant, generator } = bench;
  const { codes, probeCodes } = await prepareBenchLinks(system, tenant, LINKS, PROBES);
  const load = { ...gatewayLoad(tenant, codes, RATE, RUN.connections), timeoutMs: TIMEOUT_S * 1000 };
  const baseline = await runBaseline(system, generator, { ...load, seconds: RUN.baselineS }, RUN.warmupS);
  const countedBefore = await settledClickTotal(tenant);
  const run = await runProbedWindow(bench, load, RUN, probeCodes, DRAIN_S * 1000);
  const probes = run.probes;
  const probeClicks = probes.toWebhook.length + probes.missing.webhook;
  const expected = countedBefore + run.load.redirectsOk + probeClicks;
  const drained = await waitForClicks(tenant, expected, DRAIN_S * 1000);

  const redirects = [...run.steady.samplesOf('redirect')].sort((a, b) => a - b);
  const redirectP99 = percentile(redirects, 0.99);
  const api = countApiAnswers(run.recorder);
  const apiFailed = api.reduce((sum, a) => sum + failuresOf(a), 0);
  const limits = lagLimitsFor(RATE);
  const verdicts = new Map<string, LagVerdict>([...run.lags].map(([key, points]) => [key, judgeLag(points, limits)]));

  print(
    `\noverload through nginx: offered ${RATE} req/s, 95 % redirects / 5 % API calls, ${RUN.connections} connections, ` +
      `${RUN.warmupS} s at the rate, then ${RUN.seconds} s measured; an answer slower than ${TIMEOUT_S} s is a timeout`,
  );
  print(scheduleLine(run.load.offered, run.load.keeping, LATE_AFTER_MS));
  print(`measured window (${RUN.seconds} s after the warm-up):`);
  for (const line of run.steady.lines(RUN.seconds)) print(`  ${line}`);
  print(
    `baseline: bare node:http 302 through the same nginx configuration, ${RATE} req/s for ${RUN.baselineS} s after ` +
      `${RUN.warmupS} s: p50 ${baseline.p50Ms.toFixed(1)} ms   p99 ${baseline.p99Ms.toFixed(1)} ms   ` +
      `${baseline.failed} failed, ${baseline.dropped} dropped   ${baseline.cpuPerThousand.toFixed(3)} CPU s per 1,000`,
  );
  print(`\nAPI answers over the whole run, warm-up included:`);
  for (const answers of api) print(`  ${apiAnswerLine(answers)}`);
  print(describeLatencies('click -> webhook', probes.toWebhook, probes.missing.webhook));
  print(
    `after the load: analytics counted ${drained.counted - countedBefore} of ${expected - countedBefore} clicks ` +
      `(${run.load.redirectsOk} generator redirects, ${probeClicks} probes) ` +
      `${drained.reached ? `within ${(drained.waitedMs / 1000).toFixed(0)} s` : `after ${DRAIN_S} s, still short`}`,
  );
  print(`\nconsumer lag (messages), sampled every 3 s:`);
  for (const line of lagLines(run.lags, verdicts, 15)) print(line);
  print(`\nCPU over the measured window (${run.windowS.toFixed(0)} s, ${run.windowClicks} clicks):`);
  for (const line of cpuLines(run.cpuBefore, run.cpuAfter, run.windowClicks, ticksPerSecond(), run.windowS, HARNESS))
    print(line);
  print(headroomLine(run.idleShare, baseline.idleShare, availableParallelism()));

  const checks: [string, boolean][] = [
    [
      `redirect p99 under ${P99_LIMIT_MS} ms (${redirectP99.toFixed(1)} ms; baseline ${baseline.p99Ms.toFixed(1)} ms)`,
      redirectP99 < P99_LIMIT_MS,
    ],
    [
      'every redirect answered 302, none dropped',
      run.recorder.failuresOf('redirect') === 0 && run.load.keeping.dropped === 0,
    ],
    [
      `the API answers or sheds with 503 and Retry-After: no timeout, no other 5xx (${apiFailed} failed)`,
      apiFailed === 0,
    ],
    [`after the load, every click counted in analytics within ${DRAIN_S} s`, drained.reached],
    [`after the load, every probe's webhook delivered within ${DRAIN_S} s`, probes.missing.webhook === 0],
  ];
  printChecks(`\nat ${RATE} req/s (overload), over the ${RUN.seconds} s measured and the catch-up after it:`, checks);

  // The run is only a benchmark if the system did what it was asked: these are correctness checks, not timings.
  expect(redirects.length).toBeGreaterThan(0);
  expect(probeClicks).toBeGreaterThan(0);
});
