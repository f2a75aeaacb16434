import { randomFillSync } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';

/**
 * Random bytes for the UUIDs, drawn from the system in 4 KiB at a time: uuid's own pool holds 256 bytes, so it
 * went to crypto.randomFillSync every 16 events, a visible share of the visitor path's profile.
 */
const RANDOM_POOL = new Uint8Array(4096);
let randomOffset = RANDOM_POOL.length;
function pooledRandom(): Uint8Array {
  if (randomOffset + 16 > RANDOM_POOL.length) {
    randomFillSync(RANDOM_POOL);
    randomOffset = 0;
  }
  randomOffset += 16;
  return RANDOM_POOL.subarray(randomOffset - 16, randomOffset);
}

const HEX_DIGITS = Buffer.from(
  Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0')).join(''),
  'latin1',
);
/** Where each of the 16 bytes goes in `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`. */
const TEXT_POSITIONS = [0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34];
/** Bytes of the text of a UUID. */
export const UUID_TEXT_LENGTH = 36;

/** A UUIDv7 (uuid's, time-ordered by millisecond, random within it) as its 16 bytes, at `offset` of `target`. */
export function writeUuidV7(target: Uint8Array, offset: number, msecs: number): void {
  uuidv7({ msecs, random: pooledRandom() }, target, offset);
}

/**
 * The text of the UUID whose 16 bytes are at `from` of `source`, written at `at` of `target` (36 bytes): straight
 * into a click batch, where uuid's own stringify made some 600 bytes of short-lived strings per id.
 */
export function writeUuidText(source: Uint8Array, from: number, target: Uint8Array, at: number): void {
  target[at + 8] = target[at + 13] = target[at + 18] = target[at + 23] = 0x2d;
  for (let i = 0; i < 16; i += 1) {
    const digits = (source[from + i] as number) * 2;
    const position = at + (TEXT_POSITIONS[i] as number);
    target[position] = HEX_DIGITS[digits] as number;
    target[position + 1] = HEX_DIGITS[digits + 1] as number;
  }
}
