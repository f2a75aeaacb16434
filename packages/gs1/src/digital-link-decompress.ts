import {
  AI_LENGTH_BY_PREFIX,
  AI_SEQUENCE_CODES,
  SAFE_BASE64,
  compressionFormat,
  lengthBits,
  valueBits,
} from './compression-format';
import { fail, issue, ok, type Gs1Result } from './issue';

export interface DecompressedDigitalLink {
  /** AI/value pairs in the order they were compressed. */
  readonly elements: ReadonlyArray<readonly [ai: string, value: string]>;
  /** Non-GS1 key=value pairs compressed with them. */
  readonly params: Readonly<Record<string, string>>;
}

class Truncated extends Error {}

/** Reads a compressed Digital Link's bits, most significant first. */
class BitReader {
  private cursor = 0;
  constructor(private readonly bits: string) {}
  remaining(): number {
    return this.bits.length - this.cursor;
  }
  read(n: number): number {
    return Number(this.big(n));
  }
  big(n: number): bigint {
    if (n === 0) return 0n;
    if (this.cursor + n > this.bits.length) throw new Truncated();
    const value = BigInt(`0b${this.bits.slice(this.cursor, this.cursor + n)}`);
    this.cursor += n;
    return value;
  }
}

function digits(reader: BitReader, n: number): string {
  return n === 0 ? '' : reader.big(valueBits(n)).toString().padStart(n, '0');
}

/** Characters in one of the five encodings: digits, lower or upper hexadecimal, URI-safe base64, 7-bit ASCII. */
function characters(reader: BitReader, encoding: number, n: number): string {
  if (encoding === 0) return digits(reader, n);
  const width = [0, 4, 4, 6, 7][encoding];
  if (width === undefined) throw new RangeError(`unknown character encoding ${encoding}`);
  let out = '';
  for (let i = 0; i < n; i++) {
    const code = reader.read(width);
    out += width === 7 ? String.fromCharCode(code) : (width === 6 ? SAFE_BASE64 : '0123456789abcdef')[code];
  }
  return encoding === 2 ? out.toUpperCase() : out;
}

function value(reader: BitReader, ai: string): string {
  let out = '';
  for (const c of compressionFormat(ai)) {
    if (c.numeric) out += digits(reader, c.length ?? reader.read(lengthBits(c.max)));
    else {
      const encoding = reader.read(3);
      out += characters(reader, encoding, c.length ?? reader.read(lengthBits(c.max)));
    }
  }
  return out;
}

function nextAi(reader: BitReader, h1: number, h2: number): string | undefined {
  const prefix = `${h1}${h2}`;
  const length = AI_LENGTH_BY_PREFIX[prefix];
  if (length === undefined) return undefined;
  let ai = prefix;
  while (ai.length < length) {
    const d = reader.read(4);
    if (d > 9) return undefined;
    ai += String(d);
  }
  return ai;
}

/**
 * Decompresses the base64url part of a compressed GS1 Digital Link into its AI/value pairs (values not yet
 * validated: the caller parses the uncompressed link it builds from them).
 */
export function decompressDigitalLink(compressed: string): Gs1Result<DecompressedDigitalLink> {
  if (!/^[A-Za-z0-9_-]+$/.test(compressed))
    return fail(issue('bad_uri', 'a compressed Digital Link is URI-safe base64'));
  const reader = new BitReader(
    [...compressed].map((ch) => SAFE_BASE64.indexOf(ch).toString(2).padStart(6, '0')).join(''),
  );
  const elements: Array<[string, string]> = [];
  const params: Record<string, string> = {};
  try {
    while (reader.remaining() > 8) {
      const h1 = reader.read(4);
      const h2 = reader.read(4);
      if (h1 <= 9 && h2 <= 9) {
        const ai = nextAi(reader, h1, h2);
        if (ai === undefined) return fail(issue('bad_uri', `the compressed data names no AI at ${h1}${h2}`));
        elements.push([ai, value(reader, ai)]);
      } else if (AI_SEQUENCE_CODES[`${h1.toString(16)}${h2.toString(16)}`.toUpperCase()]) {
        for (const ai of AI_SEQUENCE_CODES[`${h1.toString(16)}${h2.toString(16)}`.toUpperCase()] ?? [])
          elements.push([ai, value(reader, ai)]);
      } else if (h1 === 15) {
        const keyLength = (h2 << 3) | reader.read(3);
        const key = characters(reader, 3, keyLength);
        const encoding = reader.read(3);
        params[key] = characters(reader, encoding, reader.read(7));
      } else {
        return fail(issue('bad_uri', `unknown compression code ${h1.toString(16)}${h2.toString(16)}`));
      }
    }
  } catch (error) {
    if (error instanceof Truncated || error instanceof RangeError) {
      return fail(issue('bad_uri', 'the compressed Digital Link is cut short or malformed'));
    }
    throw error;
  }
  if (elements.length === 0) return fail(issue('bad_uri', 'the compressed Digital Link carries no AI'));
  return ok({ elements, params });
}
