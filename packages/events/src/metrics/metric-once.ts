import type { Metric, Registry } from 'prom-client';

/**
 * The metric called `name` on `registry`, created by `create` the first time. Services that share one registry (or
 * instrument twice) then share the series instead of failing on a duplicate name.
 */
export function metricOnce<M extends Metric>(registry: Registry, name: string, create: () => M): M {
  return (registry.getSingleMetric(name) as M | undefined) ?? create();
}
