/**
 * The lag gauge every service exports through @waymark/events' instrumentEventBus (CONSUMER_LAG_METRIC there; the
 * bench reads it over HTTP as Prometheus does, and fails when it finds no series at all, so a rename cannot pass).
 */
export const CONSUMER_LAG_METRIC = 'event_consumer_lag_messages';

/** One series of the services' consumer-lag gauge. */
export interface PartitionLag {
  topic: string;
  group: string;
  partition: string;
  lag: number;
}

/** A consumer group's total lag on a topic at one moment, `atS` seconds into the run. */
export interface LagPoint {
  atS: number;
  lag: number;
}

const LINE = new RegExp(`^${CONSUMER_LAG_METRIC}\\{([^}]*)\\}\\s+(\\S+)`);
const LABEL = /(\w+)="((?:[^"\\]|\\.)*)"/g;

/** The consumer-lag series of one service's Prometheus text exposition (other metrics are skipped). */
export function parseLagMetrics(text: string): PartitionLag[] {
  const found: PartitionLag[] = [];
  for (const line of text.split('\n')) {
    const match = LINE.exec(line);
    if (!match) continue;
    const labels = new Map([...(match[1] as string).matchAll(LABEL)].map((m) => [m[1] as string, m[2] as string]));
    const lag = Number(match[2]);
    if (!Number.isFinite(lag)) continue;
    const label = (name: string) => labels.get(name) ?? '';
    found.push({ topic: label('topic'), group: label('group'), partition: label('partition'), lag });
  }
  return found;
}

/** The name a group's lag on a topic goes by in the report. */
export const lagKey = (group: string, topic: string): string => `${group} <- ${topic}`;

/**
 * Total lag per consumer group and topic over every instance's scrape. Instances of one group read different
 * partitions; during a rebalance two may both report one partition, so a partition counts once, at its highest value.
 * A broadcast subscription ('broadcast' group) has its own position per instance, so it is keyed per service.
 */
export function combineLags(
  scrapes: readonly { service: string; lags: readonly PartitionLag[] }[],
): Map<string, number> {
  const byPartition = new Map<string, Map<string, number>>();
  for (const { service, lags } of scrapes) {
    for (const l of lags) {
      const key = lagKey(l.group === 'broadcast' ? `${service} (broadcast)` : l.group, l.topic);
      const partitions = byPartition.get(key) ?? new Map<string, number>();
      partitions.set(l.partition, Math.max(partitions.get(l.partition) ?? 0, l.lag));
      byPartition.set(key, partitions);
    }
  }
  const total = (partitions: Map<string, number>) => [...partitions.values()].reduce((a, b) => a + b, 0);
  return new Map([...byPartition].map(([key, partitions]) => [key, total(partitions)]));
}

/** Least-squares slope (messages a second) of the points from `fromFraction` of the span on; NaN with fewer than 2. */
export function lagSlope(points: readonly LagPoint[], fromFraction = 0.5): number {
  if (points.length < 2) return Number.NaN;
  const first = (points[0] as LagPoint).atS;
  const last = (points[points.length - 1] as LagPoint).atS;
  const tail = points.filter((p) => p.atS >= first + (last - first) * fromFraction);
  if (tail.length < 2) return Number.NaN;
  const meanT = tail.reduce((s, p) => s + p.atS, 0) / tail.length;
  const meanL = tail.reduce((s, p) => s + p.lag, 0) / tail.length;
  const num = tail.reduce((s, p) => s + (p.atS - meanT) * (p.lag - meanL), 0);
  const den = tail.reduce((s, p) => s + (p.atS - meanT) ** 2, 0);
  return den === 0 ? Number.NaN : num / den;
}

export interface LagVerdict {
  bounded: boolean;
  slopePerS: number;
  last: number;
  peak: number;
  reason?: string;
}

/** What a lag is judged against; see judgeLag. */
export interface LagLimits {
  /** Messages a second the lag may grow by over the last half of the run. */
  tolerancePerS: number;
  /** A lag that ends below this is in real time whatever its slope (batching makes a small lag saw-tooth). */
  floor: number;
  /** A lag that ends above this is a backlog too old to call real time, whatever its slope. */
  maxLag: number;
}

/** The limits for a run at `ratePerSecond` clicks: grow by 1 % of the rate, a floor of 1 s and a ceiling of 5 s. */
export function lagLimitsFor(ratePerSecond: number): LagLimits {
  return { tolerancePerS: Math.max(5, ratePerSecond / 100), floor: ratePerSecond, maxLag: ratePerSecond * 5 };
}

/**
 * Whether a lag stays bounded: over the last half of the run it does not grow faster than the tolerance (a consumer
 * falling that many messages a second further behind) unless it ends under the floor, and it never ends above maxLag.
 */
export function judgeLag(points: readonly LagPoint[], limits: LagLimits): LagVerdict {
  const { tolerancePerS, floor, maxLag } = limits;
  const slopePerS = lagSlope(points);
  const last = points[points.length - 1]?.lag ?? Number.NaN;
  const peak = points.reduce((m, p) => Math.max(m, p.lag), 0);
  if (Number.isNaN(slopePerS)) return { bounded: false, slopePerS, last, peak, reason: 'too few samples' };
  if (slopePerS > tolerancePerS && last >= floor) return { bounded: false, slopePerS, last, peak, reason: 'grows' };
  if (last > maxLag) return { bounded: false, slopePerS, last, peak, reason: 'ends too far behind' };
  return { bounded: true, slopePerS, last, peak };
}
