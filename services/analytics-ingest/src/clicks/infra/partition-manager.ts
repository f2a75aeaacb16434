import type { Pool } from 'pg';
import { DAY_MS } from '../domain/utc-day';

const PARTITION_LOCK = 'analytics_ingest.click_fact partitions';
const NAME = /^click_fact_(\d{4})(\d{2})(\d{2})$/;

const dayName = (dayMs: number): string => `click_fact_${new Date(dayMs).toISOString().slice(0, 10).replace(/-/g, '')}`;
const isoDay = (dayMs: number): string => new Date(dayMs).toISOString().slice(0, 10);

/**
 * Daily partitions of click_fact, created on demand before a batch lands in them and dropped past retention.
 * Dropping a partition is how old facts go: no DELETE, no bloat. Creation takes an advisory lock so instances
 * creating the same day do not collide.
 */
export class PartitionManager {
  private readonly known = new Set<number>();

  constructor(private readonly pool: Pool) {}

  async ensure(dayStarts: Iterable<number>): Promise<void> {
    const missing = [...new Set(dayStarts)].filter((day) => !this.known.has(day)).sort((a, b) => a - b);
    if (missing.length === 0) return;
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [PARTITION_LOCK]);
      for (const day of missing) {
        await client.query(
          `CREATE TABLE IF NOT EXISTS ${dayName(day)} PARTITION OF click_fact FOR VALUES FROM ('${isoDay(day)}') TO ('${isoDay(day + DAY_MS)}')`,
        );
      }
      await client.query('COMMIT');
      for (const day of missing) this.known.add(day);
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /** Drops every partition whose whole day lies before `cutoff`; returns their names. */
  async dropBefore(cutoff: Date): Promise<string[]> {
    const { rows } = await this.pool.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
       JOIN pg_class p ON p.oid = i.inhparent JOIN pg_namespace n ON n.oid = p.relnamespace
       WHERE p.relname = 'click_fact' AND n.nspname = current_schema()`,
    );
    const dropped: string[] = [];
    for (const { name } of rows) {
      const match = NAME.exec(name);
      if (!match) continue;
      const day = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
      if (day + DAY_MS > cutoff.getTime()) continue;
      await this.pool.query(`DROP TABLE IF EXISTS ${name}`);
      this.known.delete(day);
      dropped.push(name);
    }
    return dropped;
  }
}
