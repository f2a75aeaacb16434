/** DDL of the PostgreSQL event log, idempotent; `schema` is a validated identifier. */
export function eventLogDdl(schema: string): string[] {
  const s = `"${schema}"`;
  return [
    `CREATE SCHEMA IF NOT EXISTS ${s}`,
    `CREATE TABLE IF NOT EXISTS ${s}.topics (
       name text PRIMARY KEY,
       partitions integer NOT NULL CHECK (partitions > 0))`,
    // One row per partition holding its next offset; its row lock orders appends, so offsets become visible in order.
    `CREATE TABLE IF NOT EXISTS ${s}.partition_heads (
       topic text NOT NULL REFERENCES ${s}.topics (name),
       partition integer NOT NULL,
       next_offset bigint NOT NULL,
       PRIMARY KEY (topic, partition))`,
    `CREATE TABLE IF NOT EXISTS ${s}.records (
       topic text NOT NULL,
       partition integer NOT NULL,
       "offset" bigint NOT NULL,
       key text NOT NULL,
       value text,
       headers jsonb NOT NULL,
       appended_at bigint NOT NULL,
       PRIMARY KEY (topic, partition, "offset"))`,
    `CREATE INDEX IF NOT EXISTS records_by_key ON ${s}.records (topic, partition, key, "offset")`,
    `CREATE INDEX IF NOT EXISTS records_by_time ON ${s}.records (topic, appended_at)`,
    `CREATE TABLE IF NOT EXISTS ${s}.committed_offsets (
       group_id text NOT NULL,
       topic text NOT NULL,
       partition integer NOT NULL,
       next_offset bigint NOT NULL,
       PRIMARY KEY (group_id, topic, partition))`,
  ];
}
