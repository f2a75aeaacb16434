import type { Pool, PoolClient } from 'pg';

export interface PendingEvent {
  id: string;
  eventId: string;
  topic: string;
  key: string;
  value: unknown;
  headers: Record<string, string>;
  /** The traceparent active at enqueue, if any. */
  traceParent: string | null;
}

interface ClaimedRow {
  id: string;
  event_id: string;
  topic: string;
  key: string;
  value: unknown;
  headers: Record<string, string>;
  trace_parent: string | null;
  earlier_elsewhere: boolean;
}

/**
 * Locks up to `limit` pending rows (SKIP LOCKED, so several relays share the work) and returns those that can be
 * published now, in id order. A row is held back when an earlier pending row of the same topic and key is not in
 * this batch (another relay holds it), or when an earlier row of its key in this batch is held back: that keeps
 * publication in order per key, which is the order consumers rely on.
 */
export async function claimPending(client: PoolClient, limit: number): Promise<PendingEvent[]> {
  const { rows } = await client.query<ClaimedRow>(
    `WITH claimed AS (
       SELECT id, topic, key FROM "outbox" WHERE published_at IS NULL ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED
     )
     SELECT o.id::text AS id, o.event_id, o.topic, o.key, o.value, o.headers, o.trace_parent,
            EXISTS (SELECT 1 FROM "outbox" e
                     WHERE e.published_at IS NULL AND e.topic = c.topic AND e.key = c.key AND e.id < c.id
                       AND e.id NOT IN (SELECT id FROM claimed)) AS earlier_elsewhere
       FROM claimed c JOIN "outbox" o ON o.id = c.id
      ORDER BY o.id`,
    [limit],
  );
  const heldBack = new Set<string>();
  const ready: PendingEvent[] = [];
  for (const row of rows) {
    const entity = `${row.topic}\u0000${row.key}`;
    if (row.earlier_elsewhere || heldBack.has(entity)) {
      heldBack.add(entity);
      continue;
    }
    const { id, topic, key, value, headers } = row;
    ready.push({ id, eventId: row.event_id, topic, key, value, headers, traceParent: row.trace_parent });
  }
  return ready;
}

/** Same held-back rule for rows the relay cannot publish (e.g. an unknown topic): later rows of that key wait too. */
export function withoutKeysOf(events: PendingEvent[], blocked: (event: PendingEvent) => boolean): PendingEvent[] {
  const heldBack = new Set<string>();
  return events.filter((event) => {
    const entity = `${event.topic}\u0000${event.key}`;
    if (heldBack.has(entity) || blocked(event)) {
      heldBack.add(entity);
      return false;
    }
    return true;
  });
}

export async function markPublished(client: PoolClient, ids: string[], deleteNow: boolean): Promise<void> {
  if (ids.length === 0) return;
  const sql = deleteNow
    ? `DELETE FROM "outbox" WHERE id = ANY($1::bigint[])`
    : `UPDATE "outbox" SET published_at = now() WHERE id = ANY($1::bigint[])`;
  await client.query(sql, [ids]);
}

export async function deletePublishedBefore(client: Pick<PoolClient, 'query'>, retainMs: number): Promise<number> {
  const result = await client.query(
    `DELETE FROM "outbox" WHERE published_at IS NOT NULL AND published_at < now() - $1 * interval '1 millisecond'`,
    [retainMs],
  );
  return result.rowCount ?? 0;
}

/** The id of the newest outbox row committed so far ('0' when there is none). */
export async function newestRowId(pool: Pick<Pool, 'query'>): Promise<string> {
  const { rows } = await pool.query<{ head: string }>('SELECT COALESCE(max(id), 0)::text AS head FROM "outbox"');
  return rows[0]?.head ?? '0';
}

/** The id of the oldest unpublished row of `topics`, or null when none is pending. */
export async function oldestPendingId(pool: Pick<Pool, 'query'>, topics: string[]): Promise<bigint | null> {
  const { rows } = await pool.query<{ first: string | null }>(
    'SELECT min(id)::text AS first FROM "outbox" WHERE published_at IS NULL AND topic = ANY($1::text[])',
    [topics],
  );
  const first = rows[0]?.first;
  return first === null || first === undefined ? null : BigInt(first);
}

export interface OutboxBacklog {
  pending: number;
  /** Seconds since the oldest pending row was written; 0 when nothing is pending. */
  oldestAgeSeconds: number;
}

/** Rows not yet published and the age of the oldest (the partial pending index keeps this cheap). */
export async function pendingBacklog(pool: Pool): Promise<OutboxBacklog> {
  const { rows } = await pool.query<{ pending: string; age: number | null }>(
    `SELECT count(*)::text AS pending, EXTRACT(EPOCH FROM now() - min(created_at))::float8 AS age
       FROM "outbox" WHERE published_at IS NULL`,
  );
  return { pending: Number(rows[0]?.pending ?? 0), oldestAgeSeconds: Math.max(0, rows[0]?.age ?? 0) };
}
