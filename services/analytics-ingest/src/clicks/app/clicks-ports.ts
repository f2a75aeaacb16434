import type { FactRow } from '../domain/fact-row';

/** An enriched click with the id of its link, ready to be written with its rollups. */
export interface StoredFact {
  row: FactRow;
  linkId: number;
}

/** A link's newest counted click that is not published yet, with the link incarnation it belongs to. */
export interface PendingActivity {
  linkId: number;
  tenantId: string;
  domain: string;
  code: string;
  linkCreatedAt: Date;
  lastClickAt: Date;
}

/** The links' activity as the fact writer keeps it (table link_activity). */
export interface LinkActivityStore {
  /** Pending activity of links with ids above `afterLinkId`, in link id order, at most `limit`. */
  pendingAfter(afterLinkId: number, limit: number): Promise<PendingActivity[]>;
  /** Clears `pending` of the given links whose time is still the one given (not moved since); returns how many. */
  markPublished(published: readonly PendingActivity[]): Promise<number>;
}

/** Where link activity goes (link-activity.v1). Resolves once every record is accepted. */
export interface LinkActivityPublisher {
  publish(activity: readonly PendingActivity[]): Promise<void>;
}
