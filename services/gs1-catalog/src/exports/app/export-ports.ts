import type { RateLimiter } from '@waymark/cache';
import type { Gs1ExportSnapshot, KeysetPosition, TenantState } from '@waymark/contracts';
import type { ObjectStore } from '@waymark/objectstore';
import type { Gs1LinkFilter } from '../../links/app/gs1-link-ports';
import type { ExportJobRecord, LeasePolicy } from '../domain/export-job';

export interface ExportActor {
  tenant: TenantState;
}

/** Export jobs in Postgres; writes that hand a job to the renderers enqueue exports.requested.v1 in the same transaction. */
export interface ExportJobRepository {
  /** Inserts the job and enqueues its exports.requested.v1 event. */
  create(job: ExportJobRecord): Promise<void>;
  get(tenantId: string, id: string): Promise<ExportJobRecord | null>;
  /** Newest first, `limit` jobs older than `before` (keyset on createdAt, then id). */
  list(tenantId: string, limit: number, before: KeysetPosition | null): Promise<ExportJobRecord[]>;
  remove(tenantId: string, id: string): Promise<ExportJobRecord | null>;
  /**
   * Applies `change` to the job under a row lock, once per event id (idempotent consumer); `change` returning null
   * leaves it as it is. Resolves false when the job is gone or the event was applied before.
   */
  applyOnce(jobId: string, eventId: string, change: (job: ExportJobRecord) => ExportJobRecord | null): Promise<boolean>;
  /** Jobs past their lease, locked (SKIP LOCKED) and updated by `change`; re-requested ones are enqueued again. */
  sweepLeases(now: Date, limit: number, change: (job: ExportJobRecord) => ExportJobRecord): Promise<ExportJobRecord[]>;
  /** Up to `limit` jobs created before `cutoff`, removed; returns them so their objects can be removed. */
  removeCreatedBefore(cutoff: Date, limit: number): Promise<ExportJobRecord[]>;
}

/** The records an export selects, as snapshot entries, oldest first, at most `limit`. */
export interface ExportSelection {
  select(tenantId: string, filter: Gs1LinkFilter, limit: number): Promise<Gs1ExportSnapshot['records']>;
}

export interface ExportDeps {
  jobs: ExportJobRepository;
  selection: ExportSelection;
  objectStore: ObjectStore;
  rateLimiter: RateLimiter;
  lease: LeasePolicy;
  clock: () => Date;
  newId: () => string;
}
