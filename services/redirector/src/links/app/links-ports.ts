import type { ClickSink } from '../../clicks/app/clicks-ports';
import type { TenantDirectory, VisitorPages } from '../../pages/app/pages-ports';
import type { LinkEntry } from '../../shared-kernel/link-entry';

/** Where a message sits on links.v1; offsets only grow per key (a key always maps to one partition). */
export interface LogPosition {
  readonly partition: number;
  readonly offset: string;
}

/**
 * The read model of links. `get` answers synchronously when the entry is in process (the hot path does no I/O
 * then) and with a promise only when it has to ask the shared tier.
 */
export interface LinkStore {
  get(key: string): LinkEntry | undefined | Promise<LinkEntry | undefined>;
  /** Applies a links.v1 message: the state, or null for a tombstone. */
  apply(key: string, entry: LinkEntry | null, position: LogPosition): void | Promise<void>;
  /** Entries held in process. */
  size(): number;
}

/** The ports the visit use cases need. */
export interface VisitDeps {
  readonly links: LinkStore;
  readonly tenants: TenantDirectory;
  readonly pages: VisitorPages;
  readonly clicks: ClickSink;
  readonly isBot: (ua: string) => boolean;
}
