import { retriedUnavailable, type RywTarget } from './ryw-target';
import { BOUNDS, DEPENDENCIES } from './dependencies';
import { startCpuBurners } from './cpu-burners';
import { onboard } from './tenant-setup';

/** Attempts per dependency and samples per bound; RYW_ROUNDS lowers it for a quick look while debugging. */
export const ROUNDS = Number(process.env.RYW_ROUNDS ?? 50);
/** The bound the decisions document states for revocations, disables and deletes. */
export const BOUND_P99_MS = 1000;

export interface RywReport {
  dependencies: { name: string; attempts: number; failures: string[] }[];
  bounds: { name: string; samples: number; p99Ms: number; maxMs: number; failures: string[] }[];
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
    for (const bound of BOUNDS) {
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
        failures,
      });
    }
  } finally {
    await burners.stop();
  }
  const lines = [
    `read-your-writes, ${shape}, every core busy:`,
    ...report.dependencies.map((d) => `  ${d.name}: ${d.attempts - d.failures.length}/${d.attempts} ok`),
    ...report.bounds.map(
      (b) => `  ${b.name}: p99 ${b.p99Ms} ms, max ${b.maxMs} ms over ${b.samples}, ${b.failures.length} failed`,
    ),
    `  answers 503 (unavailable) tried again after Retry-After: ${retriedUnavailable.count}`,
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
