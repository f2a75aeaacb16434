import type { LagPoint, LagVerdict } from './lag-math';
import type { ScheduleKeeping } from './rate-schedule';

export const print = (line: string) => process.stdout.write(`${line}\n`);

/** Prints a run's targets, each as holds or FAILS, under a heading. */
export function printChecks(heading: string, checks: readonly (readonly [string, boolean])[]): void {
  print(heading);
  for (const [what, holds] of checks) print(`  ${holds ? 'holds ' : 'FAILS '} ${what}`);
}

const fixed = (value: number, digits: number) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');

/** How the generator kept to the offered rate. */
export function scheduleLine(offered: number, keeping: ScheduleKeeping, lateAfterMs: number): string {
  return (
    `schedule: ${offered} offered, ${keeping.sent} sent, ${keeping.dropped} dropped (in-flight limit), ` +
    `${keeping.late} sent more than ${lateAfterMs} ms late (worst ${fixed(keeping.maxLatenessMs, 1)} ms)`
  );
}

/**
 * Each group's lag over time (one value every `everyS` seconds of the run), with the slope of its last half and
 * whether it stays bounded.
 */
export function lagLines(
  series: ReadonlyMap<string, readonly LagPoint[]>,
  verdicts: ReadonlyMap<string, LagVerdict>,
  everyS: number,
): string[] {
  const lines: string[] = [];
  for (const [key, points] of [...series].sort(([a], [b]) => a.localeCompare(b))) {
    const verdict = verdicts.get(key) as LagVerdict;
    const shown: number[] = [];
    let nextAt = 0;
    for (const p of points) {
      if (p.atS + 1e-6 < nextAt) continue;
      shown.push(p.lag);
      nextAt = p.atS + everyS;
    }
    const judged = verdict.bounded ? 'bounded' : `NOT BOUNDED (${verdict.reason})`;
    const slope = Number.isFinite(verdict.slopePerS) ? `${verdict.slopePerS.toFixed(1)}/s` : 'n/a';
    lines.push(
      `${key.padEnd(48)} slope ${slope.padStart(9)}   last ${verdict.last}   peak ${verdict.peak}   ` +
        `${points.length} samples   ${judged}`,
      `    every ${everyS} s: ${shown.join(' ')}`,
    );
  }
  return lines;
}

/** CPU seconds of every watched process between two readings, by name. */
function cpuSeconds(
  before: ReadonlyMap<string, number>,
  after: ReadonlyMap<string, number>,
  ticksPerSecond: number,
): { name: string; seconds: number }[] {
  return [...after].map(([name, end]) => ({ name, seconds: (end - (before.get(name) ?? end)) / ticksPerSecond }));
}

/**
 * CPU seconds per 1,000 clicks of the system's own processes: every watched process but the harness's (the load
 * generator and the bench process, named in `harness`), which a real installation does not run.
 */
export function systemCpuPerThousand(
  before: ReadonlyMap<string, number>,
  after: ReadonlyMap<string, number>,
  clicks: number,
  ticksPerSecond: number,
  harness: ReadonlySet<string>,
): number {
  const seconds = cpuSeconds(before, after, ticksPerSecond)
    .filter((r) => !harness.has(r.name))
    .reduce((sum, r) => sum + r.seconds, 0);
  return clicks > 0 ? (seconds / clicks) * 1000 : Number.NaN;
}

/**
 * CPU per process over the steady window: seconds, share of one core, and seconds per 1,000 clicks; then the system's
 * total without the harness (`harness`: the load generator and the bench process), the harness, and everything.
 */
export function cpuLines(
  before: ReadonlyMap<string, number>,
  after: ReadonlyMap<string, number>,
  clicks: number,
  ticksPerSecond: number,
  windowS: number,
  harness: ReadonlySet<string> = new Set(),
): string[] {
  const rows = cpuSeconds(before, after, ticksPerSecond).map((r) => ({
    ...r,
    perThousand: clicks > 0 ? (r.seconds / clicks) * 1000 : Number.NaN,
  }));
  rows.sort((a, b) => b.seconds - a.seconds);
  const sum = (picked: typeof rows) => picked.reduce((total, r) => total + r.seconds, 0);
  const line = (name: string, seconds: number) =>
    `${name.padEnd(44)} ${fixed(seconds, 1).padStart(7)} s   ` +
    `${fixed((seconds / windowS) * 100, 0).padStart(4)} % of a core` +
    `   ${fixed(clicks > 0 ? (seconds / clicks) * 1000 : Number.NaN, 3).padStart(7)} s per 1,000 clicks`;
  return [
    ...rows.map((r) => line(r.name, r.seconds)),
    line('system total (load generator, bench excluded)', sum(rows.filter((r) => !harness.has(r.name)))),
    line('harness (load generator, bench process)', sum(rows.filter((r) => harness.has(r.name)))),
    line('all of the above', sum(rows)),
  ];
}

/** The share of the machine idle over a window, beside the same over the baseline's window. */
export function headroomLine(idle: number, baselineIdle: number, cores: number): string {
  const percent = (share: number) => `${fixed(share * 100, 1)} %`;
  return (
    `headroom: ${percent(idle)} of the machine (${cores} cores) idle over the measured window; ` +
    `baseline (bare 302 through nginx at the same rate): ${percent(baselineIdle)} idle`
  );
}
