import type { LinkIncarnation } from '../domain/link-incarnation';

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
