import { CLICK_CHANNELS } from '@waymark/contracts';

const NONE_TAIL = Buffer.from(',"notifyChannels":[]}', 'latin1');
const SOME_TAIL = Buffer.from('"]}', 'latin1');
const SOME_MEMBER = Buffer.from(',"notifyChannels":["', 'latin1');
const NONE = Buffer.from(CLICK_CHANNELS.none, 'latin1');
const SOME = Buffer.from(CLICK_CHANNELS.some, 'latin1');

/**
 * The CLICK_CHANNELS_HEADER value of a click record, read off the end of its JSON without parsing it: the writer
 * (click-record-writer.ts) puts `notifyChannels` last, as ClickFact declares it, and spooled lines are its text. A
 * JSON text that ends `,"notifyChannels":[]}` names no channel: that `"` follows a `,`, so it opens a key and the
 * final `}` closes the whole value (no string can hide it). Anything this cannot tell gets no header, and its
 * consumers decode it: only `none` lets the notifier skip a click, so `none` must never be said of one that notifies.
 */
export function clickChannelsHeader(json: Uint8Array): Buffer | undefined {
  const bytes = Buffer.from(json.buffer, json.byteOffset, json.byteLength);
  if (endsWith(bytes, NONE_TAIL)) return NONE;
  if (endsWith(bytes, SOME_TAIL) && bytes.lastIndexOf(SOME_MEMBER) >= 0) return SOME;
  return undefined;
}

function endsWith(bytes: Buffer, tail: Buffer): boolean {
  return bytes.length >= tail.length && bytes.compare(tail, 0, tail.length, bytes.length - tail.length) === 0;
}
