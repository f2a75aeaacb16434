import { linkKey, type ClickFact, type ClickSource } from '@waymark/contracts';
import type { LinkEntry } from '../domain/link-entry';
import { jsonString, jsonStringArray, jsonStringRecord } from './json-text';
import { uuidV7Text } from './uuid-v7-text';
import type { VisitRequest } from './visit';

export interface ClickContext {
  readonly source: ClickSource;
  readonly bot: boolean;
  /** `https://<domain>` of short URLs. */
  readonly origin: string;
}

/**
 * A click event ready to produce: its clicks.v1 key (`<domain>/<code>`), its eventId (for the `event-id` header)
 * and its value as one line of JSON text. The visitor path builds the text itself, once: handing objects to the
 * producer thread cost a structured clone on each side plus a schema check and JSON encoding there, about three
 * times what building the text costs (measured with 500-event batches).
 */
export interface EncodedClick {
  readonly key: string;
  readonly eventId: string;
  /** A clicks.v1 value (ClickFact) as JSON; never contains a raw newline (JSON escapes them), so it is one spool line. */
  readonly json: string;
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

/**
 * The clicks.v1 value of a counted visit, spec 6.1 plus routing fields, in ClickFact's field order; eventId is a
 * UUIDv7 (time-ordered by millisecond). Every string from a link or a request is written by json-text's writers
 * (equal to JSON.stringify); only values that are JSON-safe by construction (the UUID, the enum `source`, numbers,
 * booleans, the ISO date) are written as they are. click-record.test.ts holds the output to the ClickFact schema,
 * hostile strings included.
 */
export function encodeClick(entry: LinkEntry, request: VisitRequest, context: ClickContext): EncodedClick {
  const eventId = uuidV7Text(request.nowMs);
  const json =
    `{"version":1,"eventId":"${eventId}","event":"click","source":"${context.source}","code":${jsonString(entry.code)}` +
    `,"shortUrl":${jsonString(`${context.origin}/${entry.code}`)},"title":${jsonString(entry.title)}` +
    `,"destination":${jsonString(entry.destination)},"tags":${jsonStringRecord(entry.tags)}` +
    `,"createdAt":${jsonString(entry.createdAt)},"ts":${request.nowMs},"at":"${isoAt(request.nowMs)}"` +
    `,"ip":${jsonString(request.ip)},"ua":${jsonString(request.ua)}` +
    `,"referer":${request.referer === null ? 'null' : jsonString(request.referer)}` +
    `,"customerId":${jsonString(entry.tenantId)},"tenantId":${jsonString(entry.tenantId)},"domain":${jsonString(entry.domain)}` +
    `,"bot":${context.bot},"method":"${request.method === 'HEAD' ? 'HEAD' : 'GET'}"` +
    `,"notifyChannels":${jsonStringArray(entry.notifyChannels)}}`;
  return { key: linkKey(entry), eventId, json };
}

/** The same record for a ClickFact object (a spooled event read back, tests). */
export function encodeClickFact(fact: ClickFact): EncodedClick {
  return { key: linkKey(fact), eventId: fact.eventId, json: JSON.stringify(fact) };
}
