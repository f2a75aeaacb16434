import type { LinkRecord } from '../domain/link-record';

export interface LinkReadCacheOptions {
  /** How long an entry may serve reads: the bound on staleness if an invalidation is ever missed. */
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}

interface Entry {
  records: LinkRecord[];
  expiresAt: number;
}

/**
 * Results of find-by-code (found or not) held in process for the hot read of the API. Entries are dropped by
 * (tenant, code) whenever a write is known (this instance's own writes at once, other instances' through
 * LinkInvalidations), and expire after `ttlMs` whatever happens.
 *
 * A read that was already on its way to Postgres when an invalidation arrived may carry the old row: every
 * invalidation moves `epoch` on, and a result is only stored if no invalidation happened while it was read.
 */
export class LinkReadCache {
  /** (tenant, code) -> results per domain filter ('' for none): an invalidation drops one outer entry. */
  private readonly entries = new Map<string, Map<string, Entry>>();
  private epoch = 0;
  private readonly now: () => number;

  constructor(private readonly options: LinkReadCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Marks the start of a read whose result may be stored with `store`. */
  begin(): number {
    return this.epoch;
  }

  get(tenantId: string, code: string, domain: string | undefined): LinkRecord[] | undefined {
    const byDomain = this.entries.get(keyOf(tenantId, code));
    const entry = byDomain?.get(domain ?? '');
    if (!byDomain || !entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      byDomain.delete(domain ?? '');
      return undefined;
    }
    return entry.records;
  }

  store(startedAt: number, tenantId: string, code: string, domain: string | undefined, records: LinkRecord[]): void {
    if (startedAt !== this.epoch || this.options.ttlMs <= 0) return;
    const key = keyOf(tenantId, code);
    const byDomain = this.entries.get(key) ?? new Map<string, Entry>();
    // Re-inserted last: a Map iterates in insertion order, so its first entries are the least recently stored.
    this.entries.delete(key);
    this.entries.set(key, byDomain.set(domain ?? '', { records, expiresAt: this.now() + this.options.ttlMs }));
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.options.maxEntries) break;
      this.entries.delete(oldest);
    }
  }

  /** Drops every entry of (tenant, code), on any domain. */
  invalidate(tenantId: string, code: string): void {
    this.epoch += 1;
    this.entries.delete(keyOf(tenantId, code));
  }

  /** Drops everything (the invalidation feed was interrupted: what it would have said is unknown). */
  clear(): void {
    this.epoch += 1;
    this.entries.clear();
  }

  /** Number of (tenant, code) pairs held. */
  get size(): number {
    return this.entries.size;
  }
}

function keyOf(tenantId: string, code: string): string {
  return `${tenantId}\u0000${code}`;
}
