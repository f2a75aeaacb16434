import type { RawCounts } from '../domain/counts';
import type { FactRow } from '../domain/fact-row';
import type { LinkIncarnation } from '../domain/link-incarnation';
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

/** The links analytics knows, from links.v1 and from the clicks themselves. */
export interface LinkRefPort {
  /** Ids of the given incarnations keyed by `linkIncarnationKey`, creating the missing ones. */
  resolve(links: LinkIncarnation[]): Promise<Map<string, number>>;
  /** A live link (created and not deleted since) of a tenant: its latest incarnation. */
  findLive(tenantId: string, domain: string, code: string): Promise<{ id: number; createdAt: Date } | undefined>;
  /** links.v1 state: the incarnation exists (and is live again if it was tombstoned before). */
  upsertLive(link: LinkIncarnation): Promise<void>;
  /** links.v1 tombstone: every incarnation of that code is deleted. */
  markDeleted(domain: string, code: string, at: Date): Promise<void>;
}

/** An enriched click with the id of its link, ready to be written with its rollups. */
export interface StoredFact {
  row: FactRow;
  linkId: number;
}
