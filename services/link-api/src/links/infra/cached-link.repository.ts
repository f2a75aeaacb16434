import type { LinkPage, LinkRepository } from '../app/link-ports';
import type { LinkRecord } from '../domain/link-record';
import type { LinkInvalidations, LinkRef } from './link-invalidations';
import type { LinkReadCache } from './link-read-cache';

/**
 * Serves find-by-code (GET /v1/links/{code}, the QR, the start of a PATCH or DELETE) from the in-process cache while
 * the invalidation feed is live, and announces every write once it has committed. Writes themselves always go to
 * Postgres, and a PATCH re-reads the row under its lock, so a cached read never decides what is stored.
 */
export class CachedLinkRepository implements LinkRepository {
  constructor(
    private readonly inner: LinkRepository,
    private readonly cache: LinkReadCache,
    private readonly invalidations: LinkInvalidations,
  ) {
    invalidations.listen({ invalidate: (ref) => cache.invalidate(ref.tenantId, ref.code), reset: () => cache.clear() });
  }

  async findByCode(tenantId: string, code: string, domain?: string): Promise<LinkRecord[]> {
    if (!this.invalidations.live()) return this.inner.findByCode(tenantId, code, domain);
    const cached = this.cache.get(tenantId, code, domain);
    if (cached) return cached;
    const startedAt = this.cache.begin();
    const records = await this.inner.findByCode(tenantId, code, domain);
    if (this.invalidations.live()) this.cache.store(startedAt, tenantId, code, domain, records);
    return records;
  }

  async insertMany(records: readonly LinkRecord[]): Promise<Set<string>> {
    const inserted = await this.inner.insertMany(records);
    // A "no such code" may be cached for a code that now exists.
    await this.changed(records.filter((r) => inserted.has(r.id)));
    return inserted;
  }

  async update(id: string, change: (current: LinkRecord) => LinkRecord | null): Promise<LinkRecord | null> {
    let before: LinkRecord | undefined;
    const saved = await this.inner.update(id, (current) => {
      before = current;
      return change(current);
    });
    await this.changed([before, saved].filter((r): r is LinkRecord => r !== undefined && r !== null));
    return saved;
  }

  async remove(record: LinkRecord): Promise<boolean> {
    const removed = await this.inner.remove(record);
    await this.changed([record]);
    return removed;
  }

  list(tenantId: string, query: Parameters<LinkRepository['list']>[1]): Promise<LinkPage> {
    return this.inner.list(tenantId, query);
  }

  /** This instance drops its entries at once (read-your-writes here); the others when the announcement arrives. */
  private async changed(records: readonly LinkRef[]): Promise<void> {
    if (records.length === 0) return;
    const refs = records.map(({ tenantId, code }) => ({ tenantId, code }));
    for (const ref of refs) this.cache.invalidate(ref.tenantId, ref.code);
    await this.invalidations.publish(refs);
  }
}
