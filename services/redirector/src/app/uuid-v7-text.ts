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

const HEX_DIGITS = Buffer.from(Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0')).join(''), 'latin1');
/** Where each of the 16 bytes goes in `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`. */
const TEXT_POSITIONS = [0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34];
const bytes = Buffer.alloc(16);
const text = Buffer.alloc(36, '-');

/**
 * A UUIDv7 (uuid's, time-ordered by millisecond, random within it) as text. uuid's own stringify joins 20 pieces
 * per id, about 600 bytes of short-lived strings on the visitor path; here the hex digits go into one reused
 * buffer and the text is made from it in one allocation.
 */
export function uuidV7Text(msecs: number): string {
  uuidv7({ msecs, random: pooledRandom() }, bytes, 0);
  for (let i = 0; i < 16; i += 1) {
    const digits = (bytes[i] as number) * 2;
    const at = TEXT_POSITIONS[i] as number;
    text[at] = HEX_DIGITS[digits] as number;
    text[at + 1] = HEX_DIGITS[digits + 1] as number;
  }
  return text.toString('latin1', 0, 36);
}
