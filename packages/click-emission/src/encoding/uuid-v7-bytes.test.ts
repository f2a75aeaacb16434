import { stringify, validate, version } from 'uuid';
import { UUID_TEXT_LENGTH, writeUuidText, writeUuidV7 } from './uuid-v7-bytes';

/** A UUIDv7 of the millisecond, written as bytes and then as text, the way a visit's eventId is. */
function uuidV7(ms: number): { bytes: Uint8Array; text: string } {
  const bytes = new Uint8Array(20);
  writeUuidV7(bytes, 4, ms);
  const text = Buffer.alloc(UUID_TEXT_LENGTH + 2, 0x78);
  writeUuidText(bytes, 4, text, 1);
  expect([text[0], text[UUID_TEXT_LENGTH + 1]]).toEqual([0x78, 0x78]);
  return { bytes: bytes.subarray(4), text: text.toString('latin1', 1, UUID_TEXT_LENGTH + 1) };
}

describe('UUIDv7 bytes and text', () => {
  it('writes a valid version-7 UUID whose first 48 bits are the given millisecond', () => {
    const ms = Date.parse('2026-11-25T08:00:00.123Z');
    const { text } = uuidV7(ms);
    expect(validate(text)).toBe(true);
    expect(version(text)).toBe(7);
    expect(parseInt(text.replace(/-/g, '').slice(0, 12), 16)).toBe(ms);
  });

  it("writes uuid's own text of the bytes, for every byte value in every position", () => {
    for (let n = 0; n < 2_000; n += 1) {
      const { bytes, text } = uuidV7(Date.now() + n);
      expect(text).toBe(stringify(bytes));
    }
  });

  it('gives distinct ids within one millisecond, and ids that sort by time across milliseconds', () => {
    const ms = Date.now();
    expect(new Set(Array.from({ length: 1_000 }, () => uuidV7(ms).text)).size).toBe(1_000);
    const ordered = Array.from({ length: 100 }, (_, i) => uuidV7(ms + i).text);
    expect([...ordered].sort()).toEqual(ordered);
  });
});
