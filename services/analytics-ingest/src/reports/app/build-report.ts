import { addCounts, present, topEntries, ZERO, type RawCounts } from '../domain/counts';
import { DIMENSIONS, dimensionOf, type Dimension } from '../../clicks/domain/dimensions';
import { hllEstimate } from '../../clicks/domain/hyperloglog';
import { bucketStarts, planRange, type TimeRange } from '../domain/time-range';
import type { AnalyticsQueryPort, Scope } from './reports-ports';
import type { Breakdowns, BreakdownEntry, SeriesPoint, Totals } from './analytics-report';

export interface ReportCore {
  from: string;
  to: string;
  granularity: TimeRange['granularity'];
  totals: Totals;
  series: SeriesPoint[];
  breakdowns: Breakdowns;
}

/** Totals, series and top-N breakdowns of one scope over a range; the parts run in parallel. */
export async function buildReport(
  queries: AnalyticsQueryPort,
  scope: Scope,
  range: TimeRange,
  top: number,
  now: Date,
): Promise<ReportCore> {
  const plan = planRange(range, now);
  const [buckets, dims, sketch] = await Promise.all([
    queries.series(scope, plan, range.granularity),
    queries.dimensions(scope, plan),
    queries.visitorSketch(scope, plan),
  ]);
  const byBucket = new Map<number, RawCounts>();
  for (const row of buckets) {
    const key = new Date(row.bucket).getTime();
    byBucket.set(key, addCounts(byBucket.get(key) ?? ZERO, row));
  }
  const series = bucketStarts(range).map((start) => ({
    start: start.toISOString(),
    ...present(byBucket.get(start.getTime()) ?? ZERO),
  }));
  const total = [...byBucket.values()].reduce(addCounts, ZERO);
  return {
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    granularity: range.granularity,
    totals: { ...present(total), uniqueVisitors: hllEstimate(sketch.nonZero, sketch.inverseSum) },
    series,
    breakdowns: breakdowns(dims, top),
  };
}

function breakdowns(rows: Array<{ dim: number; value: string } & RawCounts>, top: number): Breakdowns {
  const perDim = new Map<number, Map<string, RawCounts>>();
  for (const row of rows) {
    const values = perDim.get(row.dim) ?? new Map<string, RawCounts>();
    values.set(row.value, addCounts(values.get(row.value) ?? ZERO, row));
    perDim.set(row.dim, values);
  }
  const result = Object.fromEntries(DIMENSIONS.map((d) => [d, [] as BreakdownEntry[]])) as Record<
    Dimension,
    BreakdownEntry[]
  >;
  for (const [dim, values] of perDim) {
    const name = dimensionOf(dim);
    if (!name) continue;
    result[name] = topEntries([...values.entries()], top, (v) => v).map(([value, counts]) => ({
      value: value === '' ? null : value,
      ...present(counts),
    }));
  }
  return result;
}
