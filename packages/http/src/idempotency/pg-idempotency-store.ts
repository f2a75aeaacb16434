import type { Pool } from 'pg';
import {
  IDEMPOTENCY_WINDOW_MS,
  type IdempotencyClaim,
  type IdempotencyStore,
  type StoredResponse,
} from './idempotency-store';

type Row = {
  fingerprint: string;
  status: number | null;
  headers: Record<string, string> | null;
  body: string | null;
  created_at: Date;
};

/**
 * The store in the service's own schema (the pool's search_path), table `idempotency_key` (`IDEMPOTENCY_KEY_DDL`).
 * A claim is one INSERT ... ON CONFLICT DO NOTHING, so two concurrent requests with one key cannot both run; an expired row is replaced in the same statement.
 */
export class PgIdempotencyStore implements IdempotencyStore {
  constructor(private readonly pool: Pool) {}

  async claim(tenantId: string, key: string, fingerprint: string, now: Date): Promise<IdempotencyClaim> {
    const expiredBefore = new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS);
    const inserted = await this.pool.query(
      `INSERT INTO idempotency_key (tenant_id, key, fingerprint, created_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (tenant_id, key) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, created_at = EXCLUDED.created_at,
         status = NULL, headers = NULL, body = NULL
       WHERE idempotency_key.created_at < $5
       RETURNING tenant_id`,
      [tenantId, key, fingerprint, now, expiredBefore],
    );
    if (inserted.rowCount === 1) return { outcome: 'claimed' };
    const { rows } = await this.pool.query<Row>(
      'SELECT fingerprint, status, headers, body, created_at FROM idempotency_key WHERE tenant_id = $1 AND key = $2',
      [tenantId, key],
    );
    const row = rows[0];
    if (!row) return this.claim(tenantId, key, fingerprint, now); // released meanwhile: try again
    if (row.fingerprint !== fingerprint) return { outcome: 'mismatch' };
    if (row.status === null) return { outcome: 'in_progress' };
    return { outcome: 'replay', response: { status: row.status, headers: row.headers ?? {}, body: row.body ?? '' } };
  }

  async complete(tenantId: string, key: string, response: StoredResponse): Promise<void> {
    await this.pool.query(
      'UPDATE idempotency_key SET status = $3, headers = $4, body = $5 WHERE tenant_id = $1 AND key = $2',
      [tenantId, key, response.status, JSON.stringify(response.headers), response.body],
    );
  }

  async release(tenantId: string, key: string): Promise<void> {
    await this.pool.query('DELETE FROM idempotency_key WHERE tenant_id = $1 AND key = $2 AND status IS NULL', [
      tenantId,
      key,
    ]);
  }

  async sweep(olderThan: Date): Promise<number> {
    return (await this.pool.query('DELETE FROM idempotency_key WHERE created_at < $1', [olderThan])).rowCount ?? 0;
  }
}
