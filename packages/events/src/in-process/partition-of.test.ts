import { partitionOf } from './partition-of';

describe('choosing the partition of a key', () => {
  it('is stable for a key and spreads keys over every partition', () => {
    expect(partitionOf('example.com/abc', 4)).toBe(partitionOf('example.com/abc', 4));
    const used = new Set(Array.from({ length: 200 }, (_, i) => partitionOf(`key-${i}`, 4)));
    expect([...used].sort()).toEqual([0, 1, 2, 3]);
  });
});
