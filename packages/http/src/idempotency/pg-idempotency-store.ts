import type { Pool } from 'pg';
import {
  IDEMPOTENCY_WINDOW_MS,
  type IdempotencyClaim,
  type IdempotencyStore,
  type SealedResponse,
} from './idempotency-store';

type Row = {
  fingerprint: string;
  credential_id: string | null;
  status: number | null;
  sealed_response: string | null;
};

/**
 * The store in the service's own schema (the pool's search_path), table `idempotency_key` (`IDEMPOTENCY_KEY_DDL`).
 * A claim is one INSERT ... ON CONFLICT DO NOTHING, so two concurrent requests with one key cannot both run; an
 * expired row is replaced in the same statement. A row kept by a version that stored answers in clear has no
 * credential, so it replays to no one (422) until it expires.
 */
export class PgIdempotencyStore implements IdempotencyStore {
  constructor(private readonly pool: Pool) {}

  async claim(claim: Parameters<IdempotencyStore['claim']>[0]): Promise<IdempotencyClaim> {
    const { tenantId, key, credentialId, fingerprint, now } = claim;
    const expiredBefore = new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS);
    const inserted = await this.pool.query(
      `INSERT INTO idempotency_key (tenant_id, key, credential_id, fingerprint, created_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (tenant_id, key) DO UPDATE SET credential_id = EXCLUDED.credential_id,
         fingerprint = EXCLUDED.fingerprint, created_at = EXCLUDED.created_at,
         status = NULL, headers = NULL, body = NULL, sealed_response = NULL
       WHERE idempotency_key.created_at < $6
       RETURNING tenant_id`,
      [tenantId, key, credentialId, fingerprint, now, expiredBefore],
    );
    if (inserted.rowCount === 1) return { outcome: 'claimed' };
    const { rows } = await this.pool.query<Row>(
      `SELECT fingerprint, credential_id, status, sealed_response FROM idempotency_key
       WHERE tenant_id = $1 AND key = $2`,
      [tenantId, key],
    );
    const row = rows[0];
    if (!row) return this.claim(claim); // released meanwhile: try again
    if (row.credential_id !== credentialId) return { outcome: 'other_credential' };
    if (row.fingerprint !== fingerprint) return { outcome: 'mismatch' };
    if (row.status === null || row.sealed_response === null) return { outcome: 'in_progress' };
    return { outcome: 'replay', response: { status: row.status, sealed: row.sealed_response } };
  }

  async complete(tenantId: string, key: string, response: SealedResponse): Promise<void> {
    await this.pool.query(
      'UPDATE idempotency_key SET status = $3, sealed_response = $4 WHERE tenant_id = $1 AND key = $2',
      [tenantId, key, response.status, response.sealed],
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
