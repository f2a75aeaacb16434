import type { TenantState } from '@waymark/contracts';
import type { DestinationScreener } from '@waymark/screening';
import type { Gs1LinkRecord } from '../domain/gs1-link-record';

export interface Gs1Actor {
  tenant: TenantState;
  /** The tenant after catching up with identity.v1, for a refusal a just-acknowledged change may lift. */
  latestTenant?: () => Promise<TenantState>;
}

/** A record ready to write, and which of the replaceable fields the import supplied (spec 4.4 rule 5). */
export interface Gs1Draft {
  record: Gs1LinkRecord;
  supplied: { linkset: boolean; ai: boolean; tags: boolean; expiry: boolean; itemDescription: boolean };
}

export type UpsertOutcome =
  { status: 'created' | 'updated'; record: Gs1LinkRecord } | { status: 'skipped' } | { status: 'conflict' };

export interface Gs1LinkFilter {
  query?: string;
  /** Records carrying ALL these tags. */
  tags?: string[];
}

export interface Gs1LinkRepository {
  /**
   * Inserts new codes and, when `upsert`, updates existing ones of the same tenant, with their links.v1 events in the
   * same transaction. One outcome per draft, in order; drafts must have distinct (domain, code).
   */
  upsertMany(drafts: readonly Gs1Draft[], upsert: boolean): Promise<UpsertOutcome[]>;
  find(tenantId: string, code: string, domain?: string): Promise<Gs1LinkRecord[]>;
  remove(record: Gs1LinkRecord): Promise<boolean>;
  list(tenantId: string, filter: Gs1LinkFilter & { afterSeq?: bigint; limit: number }): Promise<Gs1LinkRecord[]>;
}

export interface Gs1LinkDeps {
  links: Gs1LinkRepository;
  screener: DestinationScreener;
  clock: () => Date;
  newId: () => string;
}
