import { linkKey, type ClickFact, type ClickSource } from '@waymark/contracts';
import type { LinkEntry } from '../../shared-kernel/link-entry';
import type { VisitRequest } from '../../shared-kernel/visit';

export interface ClickContext {
  readonly source: ClickSource;
  readonly bot: boolean;
}

/**
 * A visit that counts as a click (a GET of an active link): what its clicks.v1 event is made of. The visitor path
 * hands it to the ClickSink, which writes the event's texts straight into its queue (ClickBatch.appendVisit).
 */
export interface CountedVisit {
  readonly entry: LinkEntry;
  readonly request: VisitRequest;
  readonly context: ClickContext;
}

/**
 * A click event as text: its clicks.v1 key (`<domain>/<code>`), its eventId (for the `event-id` header) and its
 * value as one line of JSON: the form of spooled events and of a batch's records read back (ClickBatch.clicks). The
 * value travels as this text, never as an object: handing objects to the producer thread cost a structured clone on
 * each side plus a schema check and JSON encoding there, about three times what writing the text costs.
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
