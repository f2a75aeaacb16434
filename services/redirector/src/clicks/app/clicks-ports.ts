import type { CountedVisit } from '../domain/click-record';

/** Takes counted visits; must not block (events leave off the request path). */
export interface ClickSink {
  record(visit: CountedVisit): void;
}
