/** One record of the in-process log. Offsets are per partition, dense at append, with gaps after compaction. */
export interface StoredRecord {
  partition: number;
  offset: number;
  key: string;
  /** JSON text; null is a tombstone. */
  value: string | null;
  headers: Record<string, string>;
  /** Epoch ms of the append. */
  timestamp: number;
}

export type AppendRecord = Omit<StoredRecord, 'offset'> & { topic: string };

export interface ReadResult {
  records: StoredRecord[];
  /** Where the next read starts: after the last record returned, or the end of the partition if none was. */
  next: number;
}

/**
 * Where the in-process bus keeps its log and the consumer groups' committed offsets. One process uses a store
 * at a time: the bus coordinates groups and wakes subscribers in memory.
 */
export interface EventLogStore {
  /** Prepares storage (idempotent). */
  start(): Promise<void>;
  /** Declares a topic; the first declaration's partition count stays in force and is returned. */
  ensureTopic(topic: string, partitions: number): Promise<number>;
  /** Appends atomically; within a partition, records get consecutive offsets in the order given. */
  append(records: AppendRecord[]): Promise<void>;
  read(topic: string, partition: number, fromOffset: number, limit: number): Promise<ReadResult>;
  /** Next offset per partition (the high-water marks). */
  endOffsets(topic: string): Promise<Map<number, number>>;
  /** `offsets` are the next offsets to read, as in Kafka. */
  commit(groupId: string, topic: string, offsets: Map<number, number>): Promise<void>;
  committed(groupId: string, topic: string): Promise<Map<number, number>>;
  /**
   * Removes every record superseded by a later record with the same key in its partition, and tombstones
   * appended before `dropTombstonesBefore` (epoch ms). Returns how many records were removed.
   */
  compact(topic: string, dropTombstonesBefore: number): Promise<number>;
  /** Retention of non-compacted topics: removes records appended before `before` (epoch ms). */
  deleteBefore(topic: string, before: number): Promise<number>;
  healthy(): Promise<boolean>;
  close(): Promise<void>;
}
