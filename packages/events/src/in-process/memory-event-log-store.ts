import type { AppendRecord, EventLogStore, ReadResult, StoredRecord } from './event-log-store';

interface Partition {
  records: StoredRecord[];
  next: number;
}

/**
 * The log in this process's memory. It survives closing and re-creating a bus on the same store object,
 * not a restart of the process.
 */
export class MemoryEventLogStore implements EventLogStore {
  private readonly topics = new Map<string, Partition[]>();
  private readonly offsets = new Map<string, Map<number, number>>();

  async start(): Promise<void> {}

  async ensureTopic(topic: string, partitions: number): Promise<number> {
    const existing = this.topics.get(topic);
    if (existing) return existing.length;
    this.topics.set(
      topic,
      Array.from({ length: partitions }, () => ({ records: [], next: 0 })),
    );
    return partitions;
  }

  async append(records: AppendRecord[]): Promise<void> {
    for (const { topic, ...record } of records) {
      const partition = this.partition(topic, record.partition);
      partition.records.push({ ...record, offset: partition.next });
      partition.next += 1;
    }
  }

  async read(topic: string, partitionId: number, fromOffset: number, limit: number): Promise<ReadResult> {
    const partition = this.partition(topic, partitionId);
    const start = firstAtOrAfter(partition.records, fromOffset);
    const records = partition.records.slice(start, start + limit);
    const last = records.at(-1);
    return { records, next: last ? last.offset + 1 : Math.max(fromOffset, partition.next) };
  }

  async endOffsets(topic: string): Promise<Map<number, number>> {
    const partitions = this.topics.get(topic) ?? [];
    return new Map(partitions.map((partition, index) => [index, partition.next]));
  }

  async commit(groupId: string, topic: string, offsets: Map<number, number>): Promise<void> {
    const key = `${groupId}\u0000${topic}`;
    const committed = this.offsets.get(key) ?? new Map<number, number>();
    for (const [partition, offset] of offsets) committed.set(partition, offset);
    this.offsets.set(key, committed);
  }

  async committed(groupId: string, topic: string): Promise<Map<number, number>> {
    return new Map(this.offsets.get(`${groupId}\u0000${topic}`));
  }

  async compact(topic: string, dropTombstonesBefore: number): Promise<number> {
    return this.removeWhere(topic, (partition) => {
      const latest = new Map<string, number>();
      for (const record of partition.records) latest.set(record.key, record.offset);
      return (record) =>
        latest.get(record.key) !== record.offset || (record.value === null && record.timestamp < dropTombstonesBefore);
    });
  }

  async deleteBefore(topic: string, before: number): Promise<number> {
    return this.removeWhere(topic, () => (record) => record.timestamp < before);
  }

  async healthy(): Promise<boolean> {
    return true;
  }

  async close(): Promise<void> {}

  private removeWhere(topic: string, predicateFor: (partition: Partition) => (record: StoredRecord) => boolean) {
    let removed = 0;
    for (const partition of this.topics.get(topic) ?? []) {
      const remove = predicateFor(partition);
      const kept = partition.records.filter((record) => !remove(record));
      removed += partition.records.length - kept.length;
      partition.records = kept;
    }
    return removed;
  }

  private partition(topic: string, partition: number): Partition {
    const found = this.topics.get(topic)?.[partition];
    if (!found) throw new Error(`unknown partition ${topic}[${partition}]`);
    return found;
  }
}

function firstAtOrAfter(records: StoredRecord[], offset: number): number {
  let low = 0;
  let high = records.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((records[mid] as StoredRecord).offset < offset) low = mid + 1;
    else high = mid;
  }
  return low;
}
