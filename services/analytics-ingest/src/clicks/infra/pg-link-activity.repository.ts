import type { ClientBase } from 'pg';
import type { LinkActivityStore, PendingActivity } from '../app/clicks-ports';

/**
 * link_activity joined with link_ref. The fact writer sets rows pending (clicks/infra/fact-writer.ts); this reads
 * them through the partial index on pending and clears them once published.
 */
export class PgLinkActivityRepository implements LinkActivityStore {
  /** A pool, or the one connection a publishing run holds its lock on. */
  constructor(private readonly pool: Pick<ClientBase, 'query'>) {}

  async pendingAfter(afterLinkId: number, limit: number): Promise<PendingActivity[]> {
    const { rows } = await this.pool.query<{
      link_id: number;
      last_click_at: Date;
      tenant_id: string;
      domain: string;
      code: string;
      created_at: Date;
    }>(
      `SELECT a.link_id, a.last_click_at, r.tenant_id, r.domain, r.code, r.created_at
       FROM link_activity a JOIN link_ref r ON r.id = a.link_id
       WHERE a.pending AND a.link_id > $1 ORDER BY a.link_id LIMIT $2`,
      [afterLinkId, limit],
    );
    return rows.map((row) => ({
      linkId: row.link_id,
      tenantId: row.tenant_id,
      domain: row.domain,
      code: row.code,
      linkCreatedAt: row.created_at,
      lastClickAt: row.last_click_at,
    }));
  }

  /**
   * Rows are locked in link id order, as the fact writer locks them, so the two never deadlock; a row the writer
   * moved meanwhile fails the time check on its new version and stays pending.
   */
  async markPublished(published: readonly PendingActivity[]): Promise<number> {
    if (published.length === 0) return 0;
    const result = await this.pool.query(
      `WITH unchanged AS (
         SELECT a.link_id FROM link_activity a
         JOIN unnest($1::int[], $2::timestamptz[]) AS p(link_id, at) ON a.link_id = p.link_id
         WHERE a.pending AND a.last_click_at <= p.at
         ORDER BY a.link_id FOR UPDATE OF a
       )
       UPDATE link_activity a SET pending = false FROM unchanged u WHERE a.link_id = u.link_id`,
      [published.map((p) => p.linkId), published.map((p) => p.lastClickAt)],
    );
    return result.rowCount ?? 0;
  }
}
