import { ClickFact, shortUrlSchemeOf } from '@waymark/contracts';
import type { ClickedLink, ClickVisit } from '../click-visit';
import { jsonStringBound, writeAscii, writeBytes, writeJsonChars, writeJsonString, writeUtf8 } from './json-bytes';
import { UUID_TEXT_LENGTH, writeUuidText, writeUuidV7 } from './uuid-v7-bytes';

/*
 * A visit's click event written as the three texts ClickBatch keeps of it: the clicks.v1 key, the eventId and the
 * ClickFact value as JSON, straight into the batch's buffer (see json-bytes.ts for why). The value is derived from the
 * contract: its members, their names and their order are those of the ClickFact schema's shape, and FIELD_ENCODERS
 * says how each one is read off the visit. That table is typed over ClickFact's keys, so a field added to the contract
 * does not compile until it is given an encoder (click-fact-writer.test.ts also enumerates the schema's fields and
 * round-trips each through the consumers' decoder). Every string is written as JSON.stringify writes it.
 */

/** How one ClickFact member's value is written from a visit, and how many bytes it may take at most. */
interface FieldEncoder {
  /** `eventIdAt`: where writeEventId wrote the event's id (the value repeats it). */
  write(bytes: Buffer, at: number, visit: ClickVisit, eventIdAt: number): number;
  bound(visit: ClickVisit): number;
}

/** A member whose value is the same in every event (a literal of the schema): folded into the constant text. */
interface ConstantField {
  readonly constant: string;
}

const constant = (value: unknown): ConstantField => ({ constant: JSON.stringify(value) });
const text = (of: (visit: ClickVisit) => string): FieldEncoder => ({
  write: (bytes, at, visit) => writeJsonString(bytes, at, of(visit)),
  bound: (visit) => jsonStringBound(of(visit)),
});
const oneOf = <T>(of: (visit: ClickVisit) => T, values: readonly [T, T]): FieldEncoder => {
  const [first, second] = values.map((value) => Buffer.from(JSON.stringify(value), 'latin1')) as [Buffer, Buffer];
  return {
    write: (bytes, at, visit) => writeBytes(bytes, at, of(visit) === values[0] ? first : second),
    bound: () => Math.max(first.length, second.length),
  };
};

/** `String(ms)` of any Date's millisecond (`-8640000000000000` is the longest, 17) and an ISO date in quotes (29). */
const TS_MAX = 17;
const ISO_MAX = 29;

/** Every clicks.v1 member and where its value comes from: what a counted visit means as an event. */
export const FIELD_ENCODERS: { readonly [K in keyof ClickFact]-?: FieldEncoder | ConstantField } = {
  version: constant(1),
  eventId: {
    write: (bytes, at, _visit, eventIdAt) => {
      bytes[at] = 0x22;
      bytes.copyWithin(at + 1, eventIdAt, eventIdAt + UUID_TEXT_LENGTH);
      bytes[at + 1 + UUID_TEXT_LENGTH] = 0x22;
      return at + 2 + UUID_TEXT_LENGTH;
    },
    bound: () => UUID_TEXT_LENGTH + 2,
  },
  event: constant('click'),
  source: oneOf((visit) => visit.context.source, ['qr', 'click']),
  code: text((visit) => visit.entry.code),
  shortUrl: { write: (bytes, at, visit) => writeShortUrl(bytes, at, visit.entry), bound: shortUrlBound },
  title: text((visit) => visit.entry.title),
  destination: text((visit) => visit.entry.destination),
  tags: {
    write: (bytes, at, visit) => writeStringRecord(bytes, at, visit.entry.tags),
    bound: (visit) => stringRecordBound(visit.entry.tags),
  },
  createdAt: text((visit) => visit.entry.createdAt),
  ts: { write: (bytes, at, visit) => writeAscii(bytes, at, String(visit.request.nowMs)), bound: () => TS_MAX },
  at: {
    write: (bytes, at, visit) => {
      bytes[at] = 0x22;
      const end = writeAscii(bytes, at + 1, isoAt(visit.request.nowMs));
      bytes[end] = 0x22;
      return end + 1;
    },
    bound: () => ISO_MAX,
  },
  ip: text((visit) => visit.request.ip),
  ua: text((visit) => visit.request.ua),
  referer: {
    write: (bytes, at, visit) => {
      const referer = visit.request.referer;
      return referer === null ? writeBytes(bytes, at, NULL) : writeJsonString(bytes, at, referer);
    },
    bound: (visit) => (visit.request.referer === null ? NULL.length : jsonStringBound(visit.request.referer)),
  },
  // The spec's customerId is the tenant's id.
  customerId: text((visit) => visit.entry.tenantId),
  tenantId: text((visit) => visit.entry.tenantId),
  domain: text((visit) => visit.entry.domain),
  bot: oneOf((visit) => visit.context.bot, [true, false]),
  method: oneOf((visit) => (visit.request.method === 'HEAD' ? 'HEAD' : 'GET'), ['HEAD', 'GET']),
  notifyChannels: {
    write: (bytes, at, visit) => writeStringArray(bytes, at, visit.entry.notifyChannels),
    bound: (visit) => stringArrayBound(visit.entry.notifyChannels),
  },
};

const NULL = Buffer.from('null', 'latin1');

/** One member to write: the constant text before its value (`,"name":`, with any constant members folded in). */
interface Step extends FieldEncoder {
  readonly prefix: Buffer;
}

/**
 * The schema's members in order, compiled once into steps: a member's name (and the constant members before it) is
 * one piece of bytes written as it is, its value is written by its encoder.
 */
function compile(): { steps: Step[]; suffix: Buffer } {
  const names = Object.keys(ClickFact.shape) as (keyof ClickFact)[];
  const encoded = Object.keys(FIELD_ENCODERS).sort().join();
  if ([...names].sort().join() !== encoded)
    throw new Error(`ClickFact's fields (${names.join()}) and the encoder's (${encoded}) differ`);
  const steps: Step[] = [];
  let pending = '{';
  names.forEach((name, index) => {
    pending += `${index === 0 ? '' : ','}${JSON.stringify(name)}:`;
    const field = FIELD_ENCODERS[name];
    if ('constant' in field) {
      pending += field.constant;
      return;
    }
    steps.push({ prefix: Buffer.from(pending, 'latin1'), write: field.write, bound: field.bound });
    pending = '';
  });
  return { steps, suffix: Buffer.from(`${pending}}`, 'latin1') };
}

const { steps: STEPS, suffix: SUFFIX } = compile();
/** The constant bytes of every record: the members' names and constant values, the eventId's text and the key's `/`. */
const FIXED_BYTES = STEPS.reduce((sum, step) => sum + step.prefix.length, SUFFIX.length) + UUID_TEXT_LENGTH + 1;

/** Bytes writeClickKey, writeEventId and writeClickJson may take for the visit together, at most. */
export function clickRecordBound(visit: ClickVisit): number {
  // The key's domain and code: UTF-8 takes at most 3 bytes a unit, less than the 6 jsonStringBound counts.
  let bound = FIXED_BYTES + jsonStringBound(visit.entry.domain) + jsonStringBound(visit.entry.code);
  for (let i = 0; i < STEPS.length; i += 1) bound += (STEPS[i] as Step).bound(visit);
  return bound;
}

/** The visit's clicks.v1 value (ClickFact) as JSON; `eventIdAt` is where writeEventId wrote its eventId. */
export function writeClickJson(bytes: Buffer, at: number, visit: ClickVisit, eventIdAt: number): number {
  for (let i = 0; i < STEPS.length; i += 1) {
    const step = STEPS[i] as Step;
    at = step.write(bytes, writeBytes(bytes, at, step.prefix), visit, eventIdAt);
  }
  return writeBytes(bytes, at, SUFFIX);
}

/** The clicks.v1 key, `<domain>/<code>`, as UTF-8. */
export function writeClickKey(bytes: Buffer, at: number, entry: ClickedLink): number {
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

function writeStringRecord(bytes: Buffer, at: number, record: Readonly<Record<string, string>>): number {
  bytes[at++] = 0x7b;
  let first = true;
  for (const key in record) {
    if (!first) bytes[at++] = 0x2c;
    first = false;
    at = writeJsonString(bytes, at, key);
    bytes[at++] = 0x3a;
    at = writeJsonString(bytes, at, record[key] as string);
  }
  bytes[at] = 0x7d;
  return at + 1;
}

function stringRecordBound(record: Readonly<Record<string, string>>): number {
  let bound = 2;
  for (const key in record) bound += jsonStringBound(key) + jsonStringBound(record[key] as string) + 2;
  return bound;
}

function writeStringArray(bytes: Buffer, at: number, values: readonly string[]): number {
  bytes[at++] = 0x5b;
  for (let i = 0; i < values.length; i += 1) {
    if (i > 0) bytes[at++] = 0x2c;
    at = writeJsonString(bytes, at, values[i] as string);
  }
  bytes[at] = 0x5d;
  return at + 1;
}

function stringArrayBound(values: readonly string[]): number {
  let bound = 2;
  for (const value of values) bound += jsonStringBound(value) + 1;
  return bound;
}

const SCHEME_END = Buffer.from('://', 'latin1');
/** The longer scheme a short URL can have (shortUrlSchemeOf). */
const SCHEME_MAX = 'https'.length;

function shortUrlBound(visit: ClickVisit): number {
  // Its quotes, the scheme and `://`, and the domain and code each as inside a JSON string (six bytes a unit).
  return 2 + SCHEME_MAX + SCHEME_END.length + 6 * (visit.entry.domain.length + 1 + visit.entry.code.length);
}

/**
 * The link's canonical short URL, `<scheme>://<domain>/<code>` exactly as link-api's Link.shortUrl (shortUrlOf): the
 * scheme is the domain's, whatever scheme the visit came in on. Written as one JSON string from its parts: joining
 * them first would cost a string and its flattening on every visit.
 */
function writeShortUrl(bytes: Buffer, at: number, entry: ClickedLink): number {
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
