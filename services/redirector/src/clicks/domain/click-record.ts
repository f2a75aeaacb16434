import type { ClickSource } from '@waymark/contracts';
import type { LinkEntry } from '../../shared-kernel/link-entry';
import type { VisitRequest } from '../../shared-kernel/visit';

export interface ClickContext {
  readonly source: ClickSource;
  readonly bot: boolean;
}

/**
 * A visit that counts as a click (a GET of an active link): what its clicks.v1 event is made of. The visitor path
 * hands it to the ClickSink as it is; the sink (@waymark/click-emission) writes the event straight from it.
 */
export interface CountedVisit {
  readonly entry: LinkEntry;
  readonly request: VisitRequest;
  readonly context: ClickContext;
}
