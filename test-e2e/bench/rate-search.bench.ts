/*
 * `npm run bench:system:search` (issue 32): the highest offered rate the whole system holds. Open-loop steps from
 * BENCH_SEARCH_FROM (500) to BENCH_SEARCH_TO (2500) req/s in BENCH_SEARCH_STEP (250) on the same running system, each
 * measured for BENCH_STEP_SECONDS (60) after BENCH_STEP_WARMUP_SECONDS (5) at the step's rate; a step holds when
 * redirect p99 stays under 50 ms, every consumer group's lag stays bounded and nothing is dropped or fails. The search
 * stops at the first step that does not hold and prints the highest rate that held. Figures only: it asserts
 * correctness, not timings.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { prepareBenchLinks, startBenchSystem } from './bench-system';
import type { DirectSystem } from '../system/support/system';
import type { Tenant } from '../system/support/tenant';
import { percentile } from './latency-recorder';
import { startLoadGenerator, type LoadGenerator } from './open-loop/load-generator';
import { judgeLag, lagLimitsFor } from './open-loop/lag-math';
import { runLoadWindow } from './open-loop/load-window';
import { highestHoldingRate, stepHolds, stepRates, type StepOutcome } from './open-loop/rate-search';

const env = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!(value > 0)) throw new Error(`${name} must be a positive number, got ${process.env[name]}`);
  return value;
};
const FROM = env('BENCH_SEARCH_FROM', 500);
const TO = env('BENCH_SEARCH_TO', 2500);
const STEP = env('BENCH_SEARCH_STEP', 250);
const STEP_SECONDS = env('BENCH_STEP_SECONDS', 60);
const STEP_WARMUP_SECONDS = env('BENCH_STEP_WARMUP_SECONDS', 5);
const CONNECTIONS = env('BENCH_CONNECTIONS', 256);
const P99_LIMIT_MS = 50;
/** Pause between steps so one step's tail (batches in flight) does not weigh on the next one's start. */
const SETTLE_MS = 3000;

let system: DirectSystem;
let tenant: Tenant;
let generator: LoadGenerator;
const print = (line: string) => process.stdout.write(`${line}\n`);

beforeAll(async () => {
  ({ system, tenant } = await startBenchSystem());
  generator = await startLoadGenerator();
}, 300_000);

afterAll(async () => {
  generator?.stop();
  await system?.stop();
}, 120_000);

test('highest offered rate at which every lag stays bounded and redirect p99 stays under 50 ms', async () => {
  const { codes } = await prepareBenchLinks(system, tenant, 2000, 1);
  const outcomes: StepOutcome[] = [];
  print(`\nrate search: ${FROM}..${TO} req/s in steps of ${STEP}, ${STEP_SECONDS} s each, 5 % API calls`);
  for (const rate of stepRates(FROM, TO, STEP)) {
    const run = await runLoadWindow({
      system,
      generator,
      host: tenant.domain,
      apiKey: tenant.key,
      codes,
      ratePerSecond: rate,
      seconds: STEP_SECONDS,
      warmupS: STEP_WARMUP_SECONDS,
      connections: CONNECTIONS,
      maxInFlight: Math.max(1000, rate * 2),
      lagEveryMs: 2000,
      watched: [],
    });
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
    if (!stepHolds(outcome, P99_LIMIT_MS)) break;
    await sleep(SETTLE_MS);
  }
  const highest = highestHoldingRate(outcomes, P99_LIMIT_MS);
  print(`highest rate that holds: ${highest === undefined ? `none (even ${FROM} req/s failed)` : `${highest} req/s`}`);
  expect(outcomes.length).toBeGreaterThan(0);
});
