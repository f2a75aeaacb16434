import type { LinkListQuery, TenantState } from '@waymark/contracts';
import type { DestinationScreener } from '@waymark/screening';
import type { LinkRecord } from '../domain/link-record';

/** Who acts: the tenant of the calling API key, as the identity model knows it (domains, plan). */
export interface LinkActor {
  tenant: TenantState;
  /** The tenant after catching up with identity.v1, for a refusal a just-acknowledged change may lift. */
  latestTenant?: () => Promise<TenantState>;
}

export interface LinkPage {
  records: LinkRecord[];
  /** seq of the last record when more follow, else null. */
  nextSeq: bigint | null;
}

/** Links in Postgres; every write enqueues the link's links.v1 event in the same transaction. */
export interface LinkRepository {
  /** Inserts the records whose (domain, code) is free, with their events; resolves with the ids that were inserted. */
  insertMany(records: readonly LinkRecord[]): Promise<Set<string>>;
  /** The tenant's links with this code, on `domain` only when given. */
  findByCode(tenantId: string, code: string, domain?: string): Promise<LinkRecord[]>;
  /**
   * Applies `change` to the current row under a row lock and saves it with its event; `change` returning null
   * means nothing changed (nothing is written or published). Resolves with the row as it now is, or null if gone.
   */
  update(id: string, change: (current: LinkRecord) => LinkRecord | null): Promise<LinkRecord | null>;
  /** Deletes the row and enqueues its tombstone; false when it was already gone. */
  remove(record: LinkRecord): Promise<boolean>;
  list(tenantId: string, query: Omit<LinkListQuery, 'cursor'> & { beforeSeq?: bigint }): Promise<LinkPage>;
}

/** Channels learned from channels.v1. */
export interface ChannelDirectory {
  /** Which of `ids` are channels of the tenant. */
  knownChannels(tenantId: string, ids: readonly string[]): Promise<Set<string>>;
}

export interface LinkDeps {
  links: LinkRepository;
  channels: ChannelDirectory;
  screener: DestinationScreener;
  clock: () => Date;
  newId: () => string;
}
