import type { RawCounts } from '../domain/counts';
import type { Granularity, RangePlan } from '../domain/time-range';

/** Whose numbers: one link incarnation (within its tenant) or a whole tenant. */
export type Scope = { kind: 'link'; tenantId: string; linkId: number } | { kind: 'tenant'; tenantId: string };

export interface DimensionRow extends RawCounts {
  dim: number;
  value: string;
}

export interface BucketRow extends RawCounts {
  bucket: Date;
}

export interface LinkRow extends RawCounts {
  linkId: number;
  domain: string;
  code: string;
}

/** HyperLogLog of human visitors merged over a range: non-zero registers and the sum of 2^-rank. */
export interface VisitorSketch {
  nonZero: number;
  inverseSum: number;
}

/** Counts of a scope over a RangePlan; every read is confined to the scope's tenant. */
export interface AnalyticsQueryPort {
  series(scope: Scope, plan: RangePlan, granularity: Granularity): Promise<BucketRow[]>;
  dimensions(scope: Scope, plan: RangePlan): Promise<DimensionRow[]>;
  /** Per-link counts of a tenant (the tenant-wide "by link" breakdown). */
  links(tenantId: string, plan: RangePlan): Promise<LinkRow[]>;
  visitorSketch(scope: Scope, plan: RangePlan): Promise<VisitorSketch>;
}
