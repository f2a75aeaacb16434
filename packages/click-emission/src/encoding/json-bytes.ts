/*
 * JSON written as UTF-8 straight into a buffer, from strings: the click event of a visit is written where it is
 * queued (ClickBatch) instead of being built as a string first. Each writer returns where it stopped; none checks
 * room, so a caller reserves the bound first (jsonStringBound for a string).
 *
 * Why byte loops in JS: building the event as a string (escaping checks, some forty concatenations, flattening the
 * result) and then writing it costs the event loop more than writing the same bytes here. The strings are short and
 * nearly always ASCII, and a call into the runtime costs what copying some 40 characters here does.
 */

/** How JSON.stringify writes each ASCII character inside a string: as itself, but for controls, quote and backslash. */
const ESCAPES: Uint8Array[] = Array.from({ length: 0x80 }, (_, code) =>
  Buffer.from(JSON.stringify(String.fromCharCode(code)).slice(1, -1), 'latin1'),
);

/** Bytes a JSON string of `text` can take, at most: six per UTF-16 unit (`\u001f`, `\ud800`) and its quotes. */
export function jsonStringBound(text: string): number {
  return 2 + 6 * text.length;
}

/** `text` as a JSON string, byte for byte what JSON.stringify writes (in UTF-8). */
export function writeJsonString(bytes: Buffer, at: number, text: string): number {
  bytes[at] = 0x22;
  const end = writeJsonChars(bytes, at + 1, text);
  if (end >= 0) {
    bytes[end] = 0x22;
    return end + 1;
  }
  // Outside ASCII (rare in what a visit carries): JSON.stringify itself, lone surrogates escaped as it escapes them.
  return at + bytes.write(JSON.stringify(text), at, 'utf8');
}

/**
 * `text` escaped as inside a JSON string, without quotes (for a string written in parts, like a short URL). Returns -1,
 * having written some bytes, when `text` is not all ASCII: the caller then writes the whole string another way.
 */
export function writeJsonChars(bytes: Buffer, at: number, text: string): number {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code >= 0x20 && code < 0x80 && code !== 0x22 && code !== 0x5c) {
      bytes[at++] = code;
      continue;
    }
    if (code >= 0x80) return -1;
    const escape = ESCAPES[code] as Uint8Array;
    for (let j = 0; j < escape.length; j += 1) bytes[at++] = escape[j] as number;
  }
  return at;
}

/** Bytes already encoded (the constant parts of a value), as they are. */
export function writeBytes(bytes: Buffer, at: number, source: Uint8Array): number {
  for (let i = 0; i < source.length; i += 1) bytes[at++] = source[i] as number;
  return at;
}

/** Text known to be ASCII that needs no escaping (a number, an ISO date), as it is. */
export function writeAscii(bytes: Buffer, at: number, text: string): number {
  for (let i = 0; i < text.length; i += 1) bytes[at++] = text.charCodeAt(i);
  return at;
}

/** `text` as UTF-8, as Buffer#write would write it (a Kafka key: lone surrogates become U+FFFD). */
export function writeUtf8(bytes: Buffer, at: number, text: string): number {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code >= 0x80) return at - i + bytes.write(text, at - i, 'utf8');
    bytes[at++] = code;
  }
  return at;
}
