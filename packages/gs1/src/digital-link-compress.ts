import { AI_SEQUENCE_CODES, SAFE_BASE64, compressionFormat, lengthBits, valueBits } from './compression-format';

const bits = (value: bigint | number, width: number): string =>
  width === 0 ? '' : value.toString(2).padStart(width, '0');

function digits(value: string): string {
  return value === '' ? '' : bits(BigInt(value), valueBits(value.length));
}

/** The densest of the five character encodings that holds `value`, and its bits. */
function characters(value: string): { encoding: number; bits: string } {
  if (/^\d*$/.test(value)) return { encoding: 0, bits: digits(value) };
  const each = (width: number, index: (ch: string) => number) =>
    [...value].map((ch) => bits(index(ch), width)).join('');
  if (/^[0-9a-f]+$/.test(value)) return { encoding: 1, bits: each(4, (ch) => parseInt(ch, 16)) };
  if (/^[0-9A-F]+$/.test(value)) return { encoding: 2, bits: each(4, (ch) => parseInt(ch, 16)) };
  if (/^[A-Za-z0-9_-]+$/.test(value)) return { encoding: 3, bits: each(6, (ch) => SAFE_BASE64.indexOf(ch)) };
  return { encoding: 4, bits: each(7, (ch) => ch.charCodeAt(0)) };
}

function valueBitsOf(ai: string, value: string): string {
  let out = '';
  let rest = value;
  for (const c of compressionFormat(ai)) {
    const part = rest.slice(0, c.length ?? c.max);
    rest = rest.slice(part.length);
    const length = c.length === undefined ? bits(part.length, lengthBits(c.max)) : '';
    if (c.numeric) out += `${length}${digits(part)}`;
    else {
      const encoded = characters(part);
      out += `${bits(encoded.encoding, 3)}${length}${encoded.bits}`;
    }
  }
  return out;
}

/**
 * Compresses validated AI/value pairs (primary key first, as in a Digital Link) into the URI-safe base64 of GS1
 * Digital Link compression; a leading sequence of AIs with an optimisation code is written as that code.
 */
export function compressDigitalLink(elements: ReadonlyArray<readonly [ai: string, value: string]>): string {
  const ais = elements.map(([ai]) => ai);
  const code = Object.entries(AI_SEQUENCE_CODES)
    .filter(([, sequence]) => sequence.every((ai, i) => ais[i] === ai))
    .sort((a, b) => b[1].length - a[1].length)[0];
  let out = code === undefined ? '' : bits(parseInt(code[0], 16), 8);
  elements.forEach(([ai, value], i) => {
    if (code === undefined || i >= code[1].length) out += [...ai].map((d) => bits(Number(d), 4)).join('');
    out += valueBitsOf(ai, value);
  });
  out = out.padEnd(Math.ceil(out.length / 6) * 6, '0');
  return (out.match(/.{6}/g) ?? []).map((sextet) => SAFE_BASE64[parseInt(sextet, 2)]).join('');
}
