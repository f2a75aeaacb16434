import type { Pool } from 'pg';

/** The statements that took PostgreSQL the most time since pg_stat_statements was last reset, one line each. */
export async function topStatements(pool: Pool, limit: number): Promise<string> {
  const { rows } = await pool.query<{
    query: string;
    calls: string;
    total_ms: number;
    rows: string;
    wal_kb: number;
    blks: string;
  }>(
    `SELECT left(regexp_replace(query, '\\s+', ' ', 'g'), 90) AS query, calls, total_exec_time + total_plan_time AS total_ms,
       rows, wal_bytes / 1024 AS wal_kb, shared_blks_hit + shared_blks_read AS blks
     FROM pg_stat_statements ORDER BY total_exec_time + total_plan_time DESC LIMIT $1`,
    [limit],
  );
  return rows
    .map(
      (r) =>
        `  ${r.total_ms.toFixed(0).padStart(7)} ms ${String(r.calls).padStart(6)} calls ${String(r.rows).padStart(7)} rows ${Number(r.wal_kb).toFixed(0).padStart(7)} kB WAL ${String(r.blks).padStart(8)} blks  ${r.query}`,
    )
    .join('\n');
}
