import type { Pool } from 'pg';
import { INGEST_SQL } from '../src/clicks/infra/fact-writer';

/**
 * EXPLAIN (ANALYZE, BUFFERS, WAL) of the ingest statement on a batch like the last `size` facts stored (new event
 * ids, so every row goes in and feeds the rollups as a fresh batch would). The changes are rolled back.
 */
export async function explainIngest(pool: Pool, size: number, stripe = 0): Promise<string> {
  const { rows } = await pool.query<Record<string, unknown>>(
    `SELECT * FROM analytics_ingest.click_fact WHERE link_id % 2 = $2 ORDER BY at DESC LIMIT $1`,
    [size, stripe],
  );
  const col = (name: string, map: (v: unknown) => unknown = (v) => v) => rows.map((r) => map(r[name]));
  const params = [
    col('at'),
    col('event_id', (v) => `${String(v)}-explain`),
    col('tenant_id'),
    col('link_id'),
    col('source'),
    col('human'),
    col('head'),
    col('device'),
    col('browser'),
    col('os'),
    col('country'),
    col('city'),
    col('referrer'),
    col('visitor', String),
    col('hll_reg'),
    col('hll_rho'),
    col('ip'),
    stripe,
  ];
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL search_path = analytics_ingest');
    const plan = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS, WAL) ${INGEST_SQL}`, params);
    return plan.rows.map((r) => r['QUERY PLAN']).join('\n');
  } finally {
    await client.query('ROLLBACK');
    client.release();
  }
}
