import { shortUrlSchemeOf } from '@waymark/contracts';
import type { CountedVisit } from '../domain/click-record';
import type { LinkEntry } from '../../shared-kernel/link-entry';
import { jsonStringBound, writeAscii, writeBytes, writeJsonChars, writeJsonString, writeUtf8 } from './json-bytes';
import { UUID_TEXT_LENGTH, writeUuidText, writeUuidV7 } from './uuid-v7-bytes';

/*
 * A counted visit's click event written as the three texts ClickBatch keeps of it: the clicks.v1 key, the eventId and
 * the ClickFact value as JSON, straight into the batch's buffer (see json-bytes.ts for why). The value's members come
 * in ClickFact's order; every string is written as JSON.stringify writes it (click-record-writer.test.ts holds the
 * whole value to JSON.stringify of the expected ClickFact, hostile strings included, and to the clicks.v1 schema).
 */

const piece = (text: string) => Buffer.from(text, 'latin1');
const OPEN = piece('{"version":1,"eventId":"');
const SOURCE_QR = piece('","event":"click","source":"qr","code":');
const SOURCE_CLICK = piece('","event":"click","source":"click","code":');
const SHORT_URL = piece(',"shortUrl":');
const TITLE = piece(',"title":');
const DESTINATION = piece(',"destination":');
const TAGS = piece(',"tags":{');
const CREATED_AT = piece('},"createdAt":');
const TS = piece(',"ts":');
const AT = piece(',"at":"');
const IP = piece('","ip":');
const UA = piece(',"ua":');
const REFERER_NULL = piece(',"referer":null');
const REFERER = piece(',"referer":');
const CUSTOMER_ID = piece(',"customerId":');
const TENANT_ID = piece(',"tenantId":');
const DOMAIN = piece(',"domain":');
const BOT_TRUE = piece(',"bot":true');
const BOT_FALSE = piece(',"bot":false');
const METHOD_GET = piece(',"method":"GET","notifyChannels":[');
const METHOD_HEAD = piece(',"method":"HEAD","notifyChannels":[');
const CLOSE = piece(']}');
const SCHEME_END = piece('://');
/** The longer scheme a short URL can have (shortUrlSchemeOf), as a JSON string at its longest. */
const SCHEME_MAX = jsonStringBound('https');
/** `String(ms)` of any Date's millisecond (`-8640000000000000` is the longest, 17) and an ISO date (at most 27). */
const TS_MAX = 17;
const ISO_MAX = 27;
const longest = (...parts: Buffer[]) => Math.max(...parts.map((part) => part.length));
/**
 * Every byte of a record that is not a string's own: the constant parts (the longer of each pair of alternatives),
 * the eventId's text twice (after the key, and in the value), `ts` and `at` at their longest, the key's slash.
 */
const FIXED_BYTES =
  [
    OPEN,
    SHORT_URL,
    TITLE,
    DESTINATION,
    TAGS,
    CREATED_AT,
    TS,
    AT,
    IP,
    UA,
    CUSTOMER_ID,
    TENANT_ID,
    DOMAIN,
    CLOSE,
    SCHEME_END,
  ].reduce((sum, part) => sum + part.length, 0) +
  longest(SOURCE_QR, SOURCE_CLICK) +
  longest(REFERER_NULL, REFERER) +
  longest(BOT_TRUE, BOT_FALSE) +
  longest(METHOD_GET, METHOD_HEAD) +
  2 * UUID_TEXT_LENGTH +
  TS_MAX +
  ISO_MAX +
  1;

/** Bytes writeClickKey, writeEventId and writeClickJson may take for the visit together, at most. */
export function clickRecordBound(visit: CountedVisit): number {
  const { entry, request } = visit;
  const referer = request.referer;
  // Each string as often as it is written: code and domain as members, in the short URL (whose quotes the scheme's
  // bound counts) and in the key (UTF-8 takes at most 3 bytes a unit, less than the 6 counted); tenantId twice.
  let bound =
    FIXED_BYTES +
    3 * jsonStringBound(entry.code) +
    3 * jsonStringBound(entry.domain) +
    SCHEME_MAX +
    jsonStringBound(entry.title) +
    jsonStringBound(entry.destination) +
    jsonStringBound(entry.createdAt) +
    jsonStringBound(request.ip) +
    jsonStringBound(request.ua) +
    (referer === null ? 0 : jsonStringBound(referer)) +
    2 * jsonStringBound(entry.tenantId);
  const tags = entry.tags;
  for (const key in tags) bound += jsonStringBound(key) + jsonStringBound(tags[key] as string) + 2;
  for (const channel of entry.notifyChannels) bound += jsonStringBound(channel) + 1;
  return bound;
}

/** The clicks.v1 key, `<domain>/<code>`, as UTF-8. */
export function writeClickKey(bytes: Buffer, at: number, entry: LinkEntry): number {
  at = writeUtf8(bytes, at, entry.domain);
  bytes[at] = 0x2f;
  return writeUtf8(bytes, at + 1, entry.code);
}

const eventIdBytes = new Uint8Array(16);

/** A fresh eventId (UUIDv7 of the visit's millisecond) as text; 36 bytes. */
export function writeEventId(bytes: Buffer, at: number, nowMs: number): number {
  writeUuidV7(eventIdBytes, 0, nowMs);
  writeUuidText(eventIdBytes, 0, bytes, at);
  return at + UUID_TEXT_LENGTH;
}

/** `at` of the visits of one millisecond: at thousands of visits a second, many share it. */
let isoMs = Number.NaN;
let isoText = '';
function isoAt(ms: number): string {
  if (ms !== isoMs) {
    isoText = new Date(ms).toISOString();
    isoMs = ms;
  }
  return isoText;
}

/** The visit's clicks.v1 value (ClickFact) as JSON; `eventIdAt` is where writeEventId wrote its eventId. */
export function writeClickJson(bytes: Buffer, at: number, visit: CountedVisit, eventIdAt: number): number {
  const { entry, request, context } = visit;
  at = writeBytes(bytes, at, OPEN);
  bytes.copyWithin(at, eventIdAt, eventIdAt + UUID_TEXT_LENGTH);
  at = writeBytes(bytes, at + UUID_TEXT_LENGTH, context.source === 'qr' ? SOURCE_QR : SOURCE_CLICK);
  at = writeJsonString(bytes, at, entry.code);
  at = writeShortUrl(bytes, writeBytes(bytes, at, SHORT_URL), entry);
  at = writeJsonString(bytes, writeBytes(bytes, at, TITLE), entry.title);
  at = writeJsonString(bytes, writeBytes(bytes, at, DESTINATION), entry.destination);
  at = writeBytes(bytes, at, TAGS);
  const tags = entry.tags;
  let first = true;
  for (const key in tags) {
    if (!first) bytes[at++] = 0x2c;
    first = false;
    at = writeJsonString(bytes, at, key);
    bytes[at++] = 0x3a;
    at = writeJsonString(bytes, at, tags[key] as string);
  }
  at = writeJsonString(bytes, writeBytes(bytes, at, CREATED_AT), entry.createdAt);
  at = writeAscii(bytes, writeBytes(bytes, at, TS), String(request.nowMs));
  at = writeAscii(bytes, writeBytes(bytes, at, AT), isoAt(request.nowMs));
  at = writeJsonString(bytes, writeBytes(bytes, at, IP), request.ip);
  at = writeJsonString(bytes, writeBytes(bytes, at, UA), request.ua);
  at =
    request.referer === null
      ? writeBytes(bytes, at, REFERER_NULL)
      : writeJsonString(bytes, writeBytes(bytes, at, REFERER), request.referer);
  at = writeJsonString(bytes, writeBytes(bytes, at, CUSTOMER_ID), entry.tenantId);
  at = writeJsonString(bytes, writeBytes(bytes, at, TENANT_ID), entry.tenantId);
  at = writeJsonString(bytes, writeBytes(bytes, at, DOMAIN), entry.domain);
  at = writeBytes(bytes, at, context.bot ? BOT_TRUE : BOT_FALSE);
  at = writeBytes(bytes, at, request.method === 'HEAD' ? METHOD_HEAD : METHOD_GET);
  const channels = entry.notifyChannels;
  for (let i = 0; i < channels.length; i += 1) {
    if (i > 0) bytes[at++] = 0x2c;
    at = writeJsonString(bytes, at, channels[i] as string);
  }
  return writeBytes(bytes, at, CLOSE);
}

/**
 * The link's canonical short URL, `<scheme>://<domain>/<code>` exactly as link-api's Link.shortUrl (shortUrlOf): the
 * scheme is the domain's, whatever scheme the visit came in on. Written as one JSON string from its parts: joining
 * them first would cost a string and its flattening on every visit.
 */
function writeShortUrl(bytes: Buffer, at: number, entry: LinkEntry): number {
  const scheme = shortUrlSchemeOf(entry.domain);
  bytes[at] = 0x22;
  let end = writeBytes(bytes, writeAscii(bytes, at + 1, scheme), SCHEME_END);
  end = writeJsonChars(bytes, end, entry.domain);
  if (end >= 0) {
    bytes[end] = 0x2f;
    end = writeJsonChars(bytes, end + 1, entry.code);
  }
  if (end < 0) return writeJsonString(bytes, at, `${scheme}://${entry.domain}/${entry.code}`);
  bytes[end] = 0x22;
  return end + 1;
}
