import type { LagPoint, LagVerdict } from './lag-math';
import { cpuSecondsPerThousand } from './proc-cpu';
import type { ScheduleKeeping } from './rate-schedule';

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

/** CPU per process over the steady window: seconds, share of one core, and seconds per 1,000 clicks. */
export function cpuLines(
  before: ReadonlyMap<string, number>,
  after: ReadonlyMap<string, number>,
  clicks: number,
  ticksPerSecond: number,
  windowS: number,
): string[] {
  const rows = [...after].map(([name, end]) => {
    const start = before.get(name) ?? end;
    const seconds = (end - start) / ticksPerSecond;
    return { name, seconds, perThousand: cpuSecondsPerThousand(start, end, clicks, ticksPerSecond) };
  });
  rows.sort((a, b) => b.seconds - a.seconds);
  const total = rows.reduce((sum, r) => sum + r.seconds, 0);
  const line = (name: string, seconds: number, perThousand: number) =>
    `${name.padEnd(44)} ${fixed(seconds, 1).padStart(7)} s   ` +
    `${fixed((seconds / windowS) * 100, 0).padStart(4)} % of a core` +
    `   ${fixed(perThousand, 3).padStart(7)} s per 1,000 clicks`;
  return [
    ...rows.map((r) => line(r.name, r.seconds, r.perThousand)),
    line('all of the above', total, clicks > 0 ? (total / clicks) * 1000 : Number.NaN),
  ];
}
