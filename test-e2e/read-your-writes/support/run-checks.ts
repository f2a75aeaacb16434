import { monitorEventLoopDelay } from 'node:perf_hooks';
import { retriedUnavailable, type RywTarget } from './ryw-target';
import { BOUNDS, DEPENDENCIES } from './dependencies';
import { startCpuBurners } from './cpu-burners';
import { watchStalls, type Stalls } from './stall-watch';
import { onboard } from './tenant-setup';

/** Attempts per dependency and samples per bound; RYW_ROUNDS lowers it for a quick look while debugging. */
export const ROUNDS = Number(process.env.RYW_ROUNDS ?? 50);
/** The bound the decisions document states for revocations, disables and deletes. */
export const BOUND_P99_MS = 1000;

export interface RywReport {
  dependencies: { name: string; attempts: number; failures: string[] }[];
  bounds: { name: string; samples: number; p99Ms: number; maxMs: number; retried503: number; failures: string[] }[];
  /** How late this process's own timers ran while it measured the bounds: a stall here inflates every sample. */
  measuringDelay?: { maxMs: number; p99Ms: number; heapMb: number };
  /** How late PostgreSQL and each service ran meanwhile, when the target says what to watch. */
  stalls?: Stalls;
}

function p99(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] ?? 0;
}

/**
 * Every dependency `ROUNDS` times (write, then at once the dependent request) and every bound `ROUNDS` times, with
 * every core kept busy meanwhile. Prints one line per dependency and bound, and returns what failed.
 */
export async function runReadYourWritesChecks(target: RywTarget, shape: string): Promise<RywReport> {
  const tenant = await onboard(target, []);
  const burners = startCpuBurners();
  const report: RywReport = { dependencies: [], bounds: [] };
  try {
    for (const dependency of DEPENDENCIES) {
      const failures: string[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        await dependency
          .attempt(target, tenant, round)
          .catch((error: Error) => failures.push(`round ${round}: ${error.message}`));
      }
      report.dependencies.push({ name: dependency.name, attempts: ROUNDS, failures });
    }
    const ownDelay = monitorEventLoopDelay({ resolution: 10 });
    ownDelay.enable();
    const stalls = target.watch ? await watchStalls(target.watch.metricsUrls, target.watch.databaseUrl) : undefined;
    for (const bound of BOUNDS) {
      const retriedBefore = retriedUnavailable.count;
      const samples: number[] = [];
      const failures: string[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        await bound.measure(target, tenant).then(
          (ms) => samples.push(ms),
          (error: Error) => failures.push(`round ${round}: ${error.message}`),
        );
      }
      report.bounds.push({
        name: bound.name,
        samples: samples.length,
        p99Ms: p99(samples),
        maxMs: Math.max(0, ...samples),
        retried503: retriedUnavailable.count - retriedBefore,
        failures,
      });
    }
    ownDelay.disable();
    if (stalls) report.stalls = await stalls.stop();
    report.measuringDelay = {
      maxMs: Math.round(ownDelay.max / 1e6),
      p99Ms: Math.round(ownDelay.percentile(99) / 1e6),
      heapMb: Math.round(process.memoryUsage().heapUsed / 2 ** 20),
    };
  } finally {
    await burners.stop();
  }
  const lines = [
    `read-your-writes, ${shape}, every core busy:`,
    ...report.dependencies.map((d) => `  ${d.name}: ${d.attempts - d.failures.length}/${d.attempts} ok`),
    ...report.bounds.map(
      (b) =>
        `  ${b.name}: p99 ${b.p99Ms} ms, max ${b.maxMs} ms over ${b.samples}, ` +
        `${b.retried503} answers of 503 retried, ${b.failures.length} failed`,
    ),
    `  answers 503 (unavailable) tried again after Retry-After: ${retriedUnavailable.count}`,
    ...(report.measuringDelay
      ? [
          `  the measuring process meanwhile: event-loop delay p99 ${report.measuringDelay.p99Ms} ms, ` +
            `max ${report.measuringDelay.maxMs} ms, heap ${report.measuringDelay.heapMb} MB`,
        ]
      : []),
    ...(report.stalls ? [`  meanwhile elsewhere: ${describeStalls(report.stalls)}`] : []),
  ];
  console.log(lines.join('\n'));
  return report;
}

/** The failures worth printing: at most three per dependency. */
export function failuresOf(report: RywReport): string[] {
  return [...report.dependencies, ...report.bounds].flatMap((d) =>
    d.failures.slice(0, 3).map((failure) => `${d.name}: ${failure} (${d.failures.length} in all)`),
  );
}

/** The removals whose p99 delay is not under the stated bound, with that delay. */
export function boundsMissed(report: RywReport): string[] {
  return report.bounds
    .filter((bound) => !(bound.p99Ms < BOUND_P99_MS))
    .map((bound) => `${bound.name}: p99 ${bound.p99Ms} ms, not under ${BOUND_P99_MS} ms`);
}

function describeStalls(stalls: Stalls): string {
  const loops = Object.entries(stalls.eventLoopMaxMs)
    .map(([label, ms]) => `${label} ${ms ?? '?'}`)
    .join(', ');
  const failed = stalls.postgresFailures ? ` (${stalls.postgresFailures} failed)` : '';
  const postgres =
    stalls.postgresMaxMs === undefined ? '' : `PostgreSQL \`SELECT 1\` max ${stalls.postgresMaxMs} ms${failed}; `;
  return `${postgres}services' event-loop delay max (ms): ${loops}`;
}
