import { MemoryEventLogStore } from './memory-event-log-store';

const record = (key: string, value: string | null, timestamp = 1000) => ({
  topic: 't',
  partition: 0,
  key,
  value,
  headers: {},
  timestamp,
});

describe('the in-memory event log', () => {
  it('keeps the first partition count declared and gives dense offsets per partition', async () => {
    const store = new MemoryEventLogStore();
    expect(await store.ensureTopic('t', 2)).toBe(2);
    expect(await store.ensureTopic('t', 8)).toBe(2);
    await store.append([record('a', '1'), record('b', '2'), { ...record('c', '3'), partition: 1 }]);
    expect(await store.endOffsets('t')).toEqual(
      new Map([
        [0, 2],
        [1, 1],
      ]),
    );
    const read = await store.read('t', 0, 1, 10);
    expect(read.records.map((r) => r.offset)).toEqual([1]);
    expect(read.next).toBe(2);
  });

  it('compacts to the latest value per key, dropping old tombstones, and reads across the gaps', async () => {
    const store = new MemoryEventLogStore();
    await store.ensureTopic('t', 1);
    await store.append([
      record('a', '1'),
      record('b', '1'),
      record('a', '2'),
      record('b', null, 10),
      record('c', null, 5000),
    ]);
    expect(await store.compact('t', 2000)).toBe(3);
    const read = await store.read('t', 0, 0, 10);
    expect(read.records.map((r) => [r.offset, r.key, r.value])).toEqual([
      [2, 'a', '2'],
      [4, 'c', null],
    ]);
    expect((await store.read('t', 0, 5, 10)).next).toBe(5);
  });
});
