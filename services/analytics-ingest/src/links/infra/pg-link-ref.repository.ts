import { LRUCache } from 'lru-cache';
import type { Pool } from 'pg';
import type { LinkRefPort } from '../app/links-ports';
import { linkIncarnationKey as keyOf, type LinkIncarnation } from '../domain/link-incarnation';

/**
 * link_ref: the links analytics knows, from links.v1 and from the clicks themselves (whichever arrives first).
 * Facts and rollups refer to a link by its integer id, which is cached: ids never change once assigned.
 */
export class PgLinkRefRepository implements LinkRefPort {
  private readonly ids = new LRUCache<string, number>({ max: 100_000 });

  constructor(private readonly pool: Pool) {}

  /** Ids of the given incarnations, creating the missing ones. */
  async resolve(links: LinkIncarnation[]): Promise<Map<string, number>> {
    const result = new Map<string, number>();
    const missing = new Map<string, LinkIncarnation>();
    for (const link of links) {
      const key = keyOf(link);
      const id = this.ids.get(key);
      if (id === undefined) missing.set(key, link);
      else result.set(key, id);
    }
    if (missing.size > 0) {
      const rows = [...missing.values()];
      const columns = [
        rows.map((r) => r.tenantId),
        rows.map((r) => r.domain),
        rows.map((r) => r.code),
        rows.map((r) => r.createdAt),
      ];
      await this.pool.query(
        `INSERT INTO link_ref (tenant_id, domain, code, created_at)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[]) ORDER BY 1, 2, 3, 4
         ON CONFLICT ON CONSTRAINT link_ref_incarnation DO NOTHING`,
        columns,
      );
      const found = await this.pool.query<{
        id: number;
        tenant_id: string;
        domain: string;
        code: string;
        created_at: Date;
      }>(
        `SELECT l.id, l.tenant_id, l.domain, l.code, l.created_at FROM link_ref l
         JOIN unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[]) AS k(tenant_id, domain, code, created_at)
           USING (tenant_id, domain, code, created_at)`,
        columns,
      );
      for (const row of found.rows) {
        const key = keyOf({ tenantId: row.tenant_id, domain: row.domain, code: row.code, createdAt: row.created_at });
        this.ids.set(key, row.id);
        result.set(key, row.id);
      }
    }
    return result;
  }

  /** A live link (created and not deleted since) of a tenant: its latest incarnation. */
  async findLive(tenantId: string, domain: string, code: string): Promise<{ id: number; createdAt: Date } | undefined> {
    const { rows } = await this.pool.query<{ id: number; created_at: Date }>(
      `SELECT id, created_at FROM link_ref WHERE domain = $2 AND code = $3 AND tenant_id = $1 AND deleted_at IS NULL
       ORDER BY created_at DESC LIMIT 1`,
      [tenantId, domain, code],
    );
    return rows[0] ? { id: rows[0].id, createdAt: rows[0].created_at } : undefined;
  }

  /** links.v1 state: the incarnation exists (and a re-created link is live again if it was tombstoned before). */
  async upsertLive(link: LinkIncarnation): Promise<void> {
    await this.pool.query(
      `INSERT INTO link_ref (tenant_id, domain, code, created_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT ON CONSTRAINT link_ref_incarnation DO NOTHING`,
      [link.tenantId, link.domain, link.code, link.createdAt],
    );
  }

  /** links.v1 tombstone (key `<domain>/<code>`): every incarnation of that code is deleted. */
  async markDeleted(domain: string, code: string, at: Date): Promise<void> {
    await this.pool.query(
      'UPDATE link_ref SET deleted_at = $3 WHERE domain = $1 AND code = $2 AND deleted_at IS NULL',
      [domain, code, at],
    );
  }
}
