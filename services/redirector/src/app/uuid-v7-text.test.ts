import { stringify, validate, version } from 'uuid';
import { uuidV7Text } from './uuid-v7-text';

describe('uuidV7Text', () => {
  it('writes a valid version-7 UUID whose first 48 bits are the given millisecond', () => {
    const ms = Date.parse('2026-11-25T08:00:00.123Z');
    const id = uuidV7Text(ms);
    expect(validate(id)).toBe(true);
    expect(version(id)).toBe(7);
    expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(ms);
  });

  it("is uuid's own text of the same bytes, for every byte value in every position", () => {
    for (let n = 0; n < 2_000; n += 1) {
      const id = uuidV7Text(Date.now() + n);
      const parsed = Uint8Array.from(Buffer.from(id.replace(/-/g, ''), 'hex'));
      expect(stringify(parsed)).toBe(id);
    }
  });

  it('gives distinct ids within one millisecond, and ids that sort by time across milliseconds', () => {
    const ms = Date.now();
    expect(new Set(Array.from({ length: 1_000 }, () => uuidV7Text(ms))).size).toBe(1_000);
    const ordered = Array.from({ length: 100 }, (_, i) => uuidV7Text(ms + i));
    expect([...ordered].sort()).toEqual(ordered);
  });
});
