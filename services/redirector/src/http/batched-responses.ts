import type { ServerResponse } from 'node:http';
import type { VisitResponse } from '../shared-kernel/visit';
import { writeResponse } from './write-response';

interface Pending {
  readonly res: ServerResponse;
  readonly response: VisitResponse;
  readonly head: boolean;
}

/**
 * Writes visitor responses at the end of the event-loop turn that produced them (setImmediate runs after the poll
 * phase has handed over every socket that was ready), all of them back to back, rather than one write between the
 * handling of one request and the next.
 *
 * Why: each response is one write on its own socket either way, but a write that reaches a peer waiting in epoll
 * wakes it. Written one by one, spaced by the work of the next request, nearly every write woke the peer (on a VM a
 * cross-CPU wake-up, with its exits) and the peer's next request woke us again; written together, one wake-up
 * serves the whole turn on both sides, which makes an answer markedly cheaper in CPU (docs/benchmarks/redirector.md).
 * Netty's flush consolidation and uWebSockets' corking do the same for the same reason.
 *
 * The cost is latency within one turn: a response waits for the other requests read in the same turn (at most the
 * connections with a request ready at once); with one request per turn it waits for nothing.
 * A response whose socket closed meanwhile is dropped; one that cannot be written resets its own connection only.
 */
export class BatchedResponses {
  private pending: Pending[] = [];
  private scheduled = false;
  private readonly flush = (): void => {
    this.scheduled = false;
    const batch = this.pending;
    this.pending = [];
    for (const { res, response, head } of batch) {
      if (res.destroyed) continue;
      try {
        writeResponse(res, response, head);
      } catch (error) {
        // One response that cannot be written (say, a header value Node refuses) must not leave the rest of the
        // turn's visitors waiting: its connection is reset and the others are still written.
        res.destroy(error instanceof Error ? error : new Error(String(error)));
      }
    }
  };

  write(res: ServerResponse, response: VisitResponse, head: boolean): void {
    this.pending.push({ res, response, head });
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(this.flush);
    }
  }
}
