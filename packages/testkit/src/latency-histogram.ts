/** Latencies as wrk reports them: `[latency in µs, how many answers took it]`, one pair per distinct latency. */
export type LatencyHistogram = readonly (readonly [number, number])[];

/**
 * The p-th percentile (0 < p <= 100) of every answer of the given histograms together, in µs, ranked as wrk ranks
 * its own (stats_percentile: the smallest latency whose cumulative count reaches round(p/100 * count + 0.5)).
 * A benchmark of several rounds takes its p99 here rather than from one round, so that one slow round weighs by its
 * share of the answers, no more, no less.
 */
export function latencyPercentileUs(histograms: readonly LatencyHistogram[], p: number): number {
  if (!(p > 0 && p <= 100)) throw new RangeError(`percentile must be in (0, 100], got ${p}`);
  const counts = new Map<number, number>();
  for (const histogram of histograms) {
    for (const [latency, count] of histogram) counts.set(latency, (counts.get(latency) ?? 0) + count);
  }
  const total = [...counts.values()].reduce((sum, count) => sum + count, 0);
  if (total === 0) throw new RangeError('no latencies to take a percentile of');
  const rank = Math.round((p / 100) * total + 0.5);
  const latencies = [...counts.keys()].sort((a, b) => a - b);
  let seen = 0;
  for (const latency of latencies) {
    seen += counts.get(latency) ?? 0;
    if (seen >= rank) return latency;
  }
  // p = 100 ranks one past the last answer, as in wrk: the slowest latency.
  return latencies[latencies.length - 1] as number;
}
