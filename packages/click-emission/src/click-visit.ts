import { linkKey, type ClickFact, type ClickSource } from '@waymark/contracts';

/** What a click's clicks.v1 event copies from the link that was visited. */
export interface ClickedLink {
  readonly tenantId: string;
  readonly domain: string;
  readonly code: string;
  readonly title: string;
  readonly destination: string;
  readonly tags: Readonly<Record<string, string>>;
  readonly createdAt: string;
  readonly notifyChannels: readonly string[];
}

/** What a click's event copies from the request that counted. */
export interface ClickRequest {
  readonly method: string;
  readonly ip: string;
  readonly ua: string;
  readonly referer: string | null;
  readonly nowMs: number;
  /** The W3C traceparent of the visit's span when it was traced: the event carries it on as a header. */
  readonly traceParent?: string;
}

/** How the service classified the visit. */
export interface ClickContext {
  readonly source: ClickSource;
  readonly bot: boolean;
}

/**
 * A visit that counts as a click, as this package takes it: the service's own visit type fits it as it is, so the
 * hot path hands over the objects it already holds and nothing is built for the event (ClickBatch.appendVisit).
 */
export interface ClickVisit {
  readonly entry: ClickedLink;
  readonly request: ClickRequest;
  readonly context: ClickContext;
}

/**
 * A click event as text: its clicks.v1 key (`<domain>/<code>`), its eventId (for the `event-id` header) and its
 * value as one line of JSON: the form of spooled events and of a batch's records read back (ClickBatch.clicks). The
 * value travels as this text, never as an object: handing objects to the producer thread costs a structured clone on
 * each side plus a schema check and JSON encoding there.
 */
export interface EncodedClick {
  readonly key: string;
  readonly eventId: string;
  /** A clicks.v1 value (ClickFact) as JSON; never contains a raw newline (JSON escapes them), so it is one spool line. */
  readonly json: string;
  /** The visit's W3C traceparent when it was traced; not spooled (a replayed click starts no trace). */
  readonly traceParent?: string;
}

/** The same record for a ClickFact object (a spooled event read back, tests). */
export function encodeClickFact(fact: ClickFact): EncodedClick {
  return { key: linkKey(fact), eventId: fact.eventId, json: JSON.stringify(fact) };
}
