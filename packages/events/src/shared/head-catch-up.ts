import { CaughtUpTracker } from './caught-up';
import type { ProgressBoard } from './progress-board';
import { TransientFailureError } from './transient-failure';

/** A catch-up that did not reach the head in time: the caller answers 503 and asks to retry, never a wrong "no". */
export class CatchUpTimeoutError extends TransientFailureError {
  constructor(topic: string, timeoutMs: number) {
    super(`the read model of ${topic} did not catch up within ${timeoutMs} ms`);
    this.name = 'CatchUpTimeoutError';
  }
}

/**
 * Waits until a subscription has handled everything its topic held when the wait was asked for. Concurrent callers
 * share rounds: a round is one look-up of the end offsets and one wait for them, and a caller joins the round whose
 * look-up has not started yet (a look-up already under way may predate the caller's write). At most one look-up is in
 * flight, so a flood of misses costs the broker one request per round trip, whatever its size.
 */
export class HeadCatchUp {
  private lookingUp: Promise<unknown> = Promise.resolve();
  private nextRound: Promise<void> | undefined;

  constructor(
    private readonly topic: string,
    private readonly fetchEnds: () => Promise<Map<number, number>>,
    private readonly board: ProgressBoard,
  ) {}

  catchUp(timeoutMs: number): Promise<void> {
    const round = (this.nextRound ??= this.startRound(timeoutMs));
    return withTimeout(round, timeoutMs, () => new CatchUpTimeoutError(this.topic, timeoutMs));
  }

  private startRound(timeoutMs: number): Promise<void> {
    const round = this.lookingUp.then(() => {
      this.nextRound = undefined; // from here on, new callers need the next look-up
      const ends = this.fetchEnds();
      // A look-up that hangs (a broker that stopped answering) holds the next round back for one wait at most.
      this.lookingUp = Promise.race([ends.catch(() => undefined), delay(timeoutMs)]);
      return ends;
    });
    const reached = round.then((ends) => {
      const tracker = new CaughtUpTracker(ends);
      // A round outlives its callers by no more than their wait, so a stalled consumer cannot pile rounds up.
      setTimeout(() => tracker.stopped(), timeoutMs).unref();
      this.board.watch(tracker);
      return tracker.promise;
    });
    reached.catch(() => undefined);
    return reached;
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

function withTimeout(work: Promise<void>, timeoutMs: number, timeoutError: () => Error): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(timeoutError()), timeoutMs);
    work.then(
      () => {
        clearTimeout(timer);
        resolve();
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
