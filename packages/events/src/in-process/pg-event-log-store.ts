import { Pool, type PoolClient } from 'pg';
import { z } from 'zod';
import type { AppendRecord, EventLogStore, ReadResult, StoredRecord } from './event-log-store';
import { eventLogDdl } from './pg-event-log-schema';

const optionsSchema = z.object({
  connectionString: z.string().min(1).optional(),
  pool: z.instanceof(Pool).optional(),
  schema: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'a lower-case SQL identifier')
    .default('waymark_bus'),
});
export type PgEventLogStoreOptions = z.input<typeof optionsSchema>;

interface RecordRow {
  partition: number;
  offset: string;
  key: string;
  value: string | null;
  headers: Record<string, string>;
  appended_at: string;
}

/** The log and committed offsets in PostgreSQL (its own schema), so the embedded bus survives a restart. */
export class PgEventLogStore implements EventLogStore {
  private readonly pool: Pool;
  private readonly ownsPool: boolean;
  private readonly s: string;
  private readonly schemaName: string;

  constructor(options: PgEventLogStoreOptions) {
    const parsed = optionsSchema.parse(options);
    if (!parsed.pool && !parsed.connectionString) throw new Error('PgEventLogStore needs a pool or a connectionString');
    this.pool = parsed.pool ?? new Pool({ connectionString: parsed.connectionString, max: 5 });
    this.ownsPool = !parsed.pool;
    this.s = `"${parsed.schema}"`;
    this.schemaName = parsed.schema;
    // An idle client's error (e.g. the server restarting) would otherwise crash the process; the next query
    // reconnects or fails visibly, and healthy() reports it.
    this.pool.on('error', () => undefined);
  }

  async start(): Promise<void> {
    // Several processes may start at once; the advisory lock keeps concurrent CREATE ... IF NOT EXISTS from racing.
    await this.transaction(async (client) => {
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`${this.schemaName}:ddl`]);
      for (const statement of eventLogDdl(this.schemaName)) await client.query(statement);
    });
  }

  async ensureTopic(topic: string, partitions: number): Promise<number> {
    return this.transaction(async (client) => {
      await client.query(`INSERT INTO ${this.s}.topics (name, partitions) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [
        topic,
        partitions,
      ]);
      const { rows } = await client.query<{ partitions: number }>(
        `SELECT partitions FROM ${this.s}.topics WHERE name = $1`,
        [topic],
      );
      const count = (rows[0] as { partitions: number }).partitions;
      await client.query(
        `INSERT INTO ${this.s}.partition_heads (topic, partition, next_offset)
         SELECT $1, p, 0 FROM generate_series(0, $2::int - 1) AS p ON CONFLICT DO NOTHING`,
        [topic, count],
      );
      return count;
    });
  }

  async append(records: AppendRecord[]): Promise<void> {
    if (records.length === 0) return;
    const groups = new Map<string, AppendRecord[]>();
    for (const record of records) {
      const id = JSON.stringify([record.topic, record.partition]);
      groups.set(id, [...(groups.get(id) ?? []), record]);
    }
    // Locking heads in a fixed order keeps two concurrent appends from deadlocking.
    const ordered = [...groups.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
    await this.transaction(async (client) => {
      const columns = { topic: [] as string[], partition: [] as number[], offset: [] as number[], key: [] as string[] };
      const values: (string | null)[] = [];
      const headers: string[] = [];
      const times: number[] = [];
      for (const [, group] of ordered) {
        const { topic, partition } = group[0] as AppendRecord;
        const { rows } = await client.query<{ next_offset: string }>(
          `UPDATE ${this.s}.partition_heads SET next_offset = next_offset + $3
           WHERE topic = $1 AND partition = $2 RETURNING next_offset`,
          [topic, partition, group.length],
        );
        if (!rows[0]) throw new Error(`unknown partition ${topic}[${partition}]`);
        const base = Number(rows[0].next_offset) - group.length;
        group.forEach((record, index) => {
          columns.topic.push(topic);
          columns.partition.push(partition);
          columns.offset.push(base + index);
          columns.key.push(record.key);
          values.push(record.value);
          headers.push(JSON.stringify(record.headers));
          times.push(record.timestamp);
        });
      }
      await client.query(
        `INSERT INTO ${this.s}.records (topic, partition, "offset", key, value, headers, appended_at)
         SELECT t, p, o, k, v, h::jsonb, a
         FROM unnest($1::text[], $2::int[], $3::bigint[], $4::text[], $5::text[], $6::text[], $7::bigint[])
           AS x(t, p, o, k, v, h, a)`,
        [columns.topic, columns.partition, columns.offset, columns.key, values, headers, times],
      );
    });
  }

  async read(topic: string, partition: number, fromOffset: number, limit: number): Promise<ReadResult> {
    // The end is read first: a record below it is committed, so an empty read means nothing lies before it.
    const end = await this.pool.query<{ next_offset: string }>(
      `SELECT next_offset FROM ${this.s}.partition_heads WHERE topic = $1 AND partition = $2`,
      [topic, partition],
    );
    const { rows } = await this.pool.query<RecordRow>(
      `SELECT partition, "offset", key, value, headers, appended_at FROM ${this.s}.records
       WHERE topic = $1 AND partition = $2 AND "offset" >= $3 ORDER BY "offset" LIMIT $4`,
      [topic, partition, fromOffset, limit],
    );
    const records = rows.map(toRecord);
    const last = records.at(-1);
    return { records, next: last ? last.offset + 1 : Math.max(fromOffset, Number(end.rows[0]?.next_offset ?? 0)) };
  }

  async endOffsets(topic: string): Promise<Map<number, number>> {
    const { rows } = await this.pool.query<{ partition: number; next_offset: string }>(
      `SELECT partition, next_offset FROM ${this.s}.partition_heads WHERE topic = $1`,
      [topic],
    );
    return new Map(rows.map((row) => [row.partition, Number(row.next_offset)]));
  }

  async commit(groupId: string, topic: string, offsets: Map<number, number>): Promise<void> {
    await this.pool.query(
      `INSERT INTO ${this.s}.committed_offsets (group_id, topic, partition, next_offset)
       SELECT $1, $2, p, o FROM unnest($3::int[], $4::bigint[]) AS x(p, o)
       ON CONFLICT (group_id, topic, partition) DO UPDATE SET next_offset = excluded.next_offset`,
      [groupId, topic, [...offsets.keys()], [...offsets.values()]],
    );
  }

  async committed(groupId: string, topic: string): Promise<Map<number, number>> {
    const { rows } = await this.pool.query<{ partition: number; next_offset: string }>(
      `SELECT partition, next_offset FROM ${this.s}.committed_offsets WHERE group_id = $1 AND topic = $2`,
      [groupId, topic],
    );
    return new Map(rows.map((row) => [row.partition, Number(row.next_offset)]));
  }

  async compact(topic: string, dropTombstonesBefore: number): Promise<number> {
    const result = await this.pool.query(
      `DELETE FROM ${this.s}.records r WHERE r.topic = $1 AND (
         (r.value IS NULL AND r.appended_at < $2)
         OR EXISTS (SELECT 1 FROM ${this.s}.records n
                    WHERE n.topic = r.topic AND n.partition = r.partition AND n.key = r.key AND n."offset" > r."offset"))`,
      [topic, dropTombstonesBefore],
    );
    return result.rowCount ?? 0;
  }

  async deleteBefore(topic: string, before: number): Promise<number> {
    const result = await this.pool.query(`DELETE FROM ${this.s}.records WHERE topic = $1 AND appended_at < $2`, [
      topic,
      before,
    ]);
    return result.rowCount ?? 0;
  }

  async healthy(): Promise<boolean> {
    try {
      await this.pool.query('SELECT 1');
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    if (this.ownsPool) await this.pool.end();
  }

  private async transaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }
}

function toRecord(row: RecordRow): StoredRecord {
  const { appended_at, offset, ...rest } = row;
  return { ...rest, offset: Number(offset), timestamp: Number(appended_at) };
}
