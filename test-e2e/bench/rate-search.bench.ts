/*
 * `npm run bench:system:search` (issue 32): the highest offered rate the whole system holds. Open-loop steps from
 * BENCH_SEARCH_FROM (500) to BENCH_SEARCH_TO (2500) req/s in BENCH_SEARCH_STEP (250) on the same running system, each
 * measured for BENCH_STEP_SECONDS (60) after BENCH_STEP_WARMUP_SECONDS (5) at the step's rate; a step holds when
 * redirect p99 stays under 50 ms, every consumer group's lag stays bounded and nothing is dropped or fails. The search
 * stops at the first step that does not hold and prints the highest rate that held. Beside every step it prints the
 * machine's baseline at the same rate (bare node:http 302s through the same nginx configuration for
 * BENCH_STEP_BASELINE_SECONDS (10) after the step's warm-up): its p99, its share of the machine idle and its CPU per
 * 1,000, next to the step's redirect p99, idle share and the system's CPU per 1,000 clicks (load generator and bench
 * process excluded). Figures only: it asserts correctness, not timings.
 */
import { availableParallelism } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { prepareBenchLinks } from './bench-system';
import { percentile } from './latency-recorder';
import { judgeLag, lagLimitsFor } from './open-loop/lag-math';
import { runLoadWindow } from './open-loop/load-window';
import { highestHoldingRate, stepHolds, stepRates, type StepOutcome } from './open-loop/rate-search';
import { runBaseline } from './open-loop/baseline-gateway';
import { ticksPerSecond } from './open-loop/proc-sampler';
import { print, systemCpuPerThousand } from './open-loop/report-printer';
import { gatewayLoad, positiveEnv, useOpenLoopBench } from './open-loop/open-loop-bench';
import { HARNESS } from './open-loop/watched-system';

const FROM = positiveEnv('BENCH_SEARCH_FROM', 500);
const TO = positiveEnv('BENCH_SEARCH_TO', 2500);
const STEP = positiveEnv('BENCH_SEARCH_STEP', 250);
const STEP_SECONDS = positiveEnv('BENCH_STEP_SECONDS', 60);
const STEP_WARMUP_SECONDS = positiveEnv('BENCH_STEP_WARMUP_SECONDS', 5);
const STEP_BASELINE_SECONDS = positiveEnv('BENCH_STEP_BASELINE_SECONDS', 10);
const CONNECTIONS = positiveEnv('BENCH_CONNECTIONS', 256);
const P99_LIMIT_MS = 50;
/** Pause between steps so one step's tail (batches in flight) does not weigh on the next one's start. */
const SETTLE_MS = 3000;

const bench = useOpenLoopBench();

test('highest offered rate at which every lag stays bounded and redirect p99 stays under 50 ms', async () => {
  const { system, tenant, generator, watched } = bench;
  const { codes } = await prepareBenchLinks(system, tenant, 2000, 1);
  const outcomes: StepOutcome[] = [];
  print(`\nrate search: ${FROM}..${TO} req/s in steps of ${STEP}, ${STEP_SECONDS} s each, 5 % API calls`);
  print(
    `on ${availableParallelism()} cores; "baseline": bare node:http 302s through the same nginx at the step's rate`,
  );
  for (const rate of stepRates(FROM, TO, STEP)) {
    const load = gatewayLoad(tenant, codes, rate, CONNECTIONS);
    const baseline = await runBaseline(
      system,
      generator,
      { ...load, seconds: STEP_BASELINE_SECONDS },
      STEP_WARMUP_SECONDS,
    );
    const run = await runLoadWindow({
      ...load,
      system,
      generator,
      seconds: STEP_SECONDS,
      warmupS: STEP_WARMUP_SECONDS,
      lagEveryMs: 2000,
      watched,
    });
    const systemCpu = systemCpuPerThousand(run.cpuBefore, run.cpuAfter, run.windowClicks, ticksPerSecond(), HARNESS);
    const lags = [...run.lags].map(([key, points]) => ({ key, verdict: judgeLag(points, lagLimitsFor(rate)) }));
    const failed = run.load.keeping.dropped + run.recorder.failed;
    const outcome: StepOutcome = {
      rate,
      redirectP99Ms: percentile(
        [...run.steady.samplesOf('redirect')].sort((a, b) => a - b),
        0.99,
      ),
      lagsBounded: lags.every((l) => l.verdict.bounded),
      failed,
    };
    outcomes.push(outcome);
    expect(run.lags.size).toBeGreaterThan(0);
    const unbounded = lags.filter((l) => !l.verdict.bounded).map((l) => `${l.key} (${l.verdict.reason})`);
    const lagText = unbounded.length === 0 ? 'bounded' : `not bounded: ${unbounded.join(', ')}`;
    print(
      `${String(rate).padStart(6)} req/s: redirect p99 ${outcome.redirectP99Ms.toFixed(1)} ms, ` +
        `${failed} failed or dropped, ${run.load.keeping.late} late sends, lags ${lagText}` +
        ` -> ${stepHolds(outcome, P99_LIMIT_MS) ? 'holds' : 'does not hold'}`,
    );
    print(
      `         idle ${(run.idleShare * 100).toFixed(1)} % of the machine (baseline ${(baseline.idleShare * 100).toFixed(1)} %), ` +
        `system ${systemCpu.toFixed(3)} CPU s per 1,000 clicks (baseline ${baseline.cpuPerThousand.toFixed(3)}), ` +
        `baseline redirect p99 ${baseline.p99Ms.toFixed(1)} ms`,
    );
    if (!stepHolds(outcome, P99_LIMIT_MS)) break;
    await sleep(SETTLE_MS);
  }
  const highest = highestHoldingRate(outcomes, P99_LIMIT_MS);
  print(`highest rate that holds: ${highest === undefined ? `none (even ${FROM} req/s failed)` : `${highest} req/s`}`);
  expect(outcomes.length).toBeGreaterThan(0);
});
