import { abortableDelay, untilAborted } from './abortable';
import { errorText } from './dead-letter';

export interface RetryPolicy {
  maxAttempts: number;
  /** First backoff; doubles after every failed attempt up to maxBackoffMs. */
  initialBackoffMs: number;
  maxBackoffMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 5, initialBackoffMs: 200, maxBackoffMs: 10_000 };

export interface FailedMessage<M> {
  message: M;
  error: string;
}

export interface BatchRun<M> {
  messages: M[];
  handle(messages: M[]): Promise<void>;
  policy: RetryPolicy;
  /** Aborting gives up at once (even mid-handle); the caller must then not commit. */
  signal: AbortSignal;
  /**
   * Whether a failure was an outage (a dependency of the handler is down) rather than the messages' fault. An outage
   * does not count towards maxAttempts: the same messages are retried, with backoff, until it is over.
   */
  isOutage(error: unknown): Promise<boolean>;
  /** `attempt` counts the failures that were not outages. */
  onAttemptFailed(error: unknown, attempt: number, size: number, outage: boolean): void;
}

/**
 * Hands the batch to the handler until it succeeds or maxAttempts failures (outages aside) are spent, backing off
 * between attempts; then retries each message alone (same policy) so only the poison messages fail. Returns those,
 * for the caller to dead-letter; every other message has been handled once the promise resolves. During an outage
 * this waits as long as the outage lasts (or until `signal` aborts): at-least-once delivery must not turn a
 * database restart into dead letters.
 */
export async function runBatch<M>(run: BatchRun<M>): Promise<FailedMessage<M>[]> {
  const whole = await attempt(run, run.messages);
  if (whole === undefined) return [];
  if (run.messages.length === 1) return [{ message: run.messages[0] as M, error: whole }];
  const failed: FailedMessage<M>[] = [];
  for (const message of run.messages) {
    const error = await attempt(run, [message]);
    if (error !== undefined) failed.push({ message, error });
  }
  return failed;
}

/** Returns undefined on success, else the last error's text. */
async function attempt<M>(run: BatchRun<M>, messages: M[]): Promise<string | undefined> {
  let backoff = run.policy.initialBackoffMs;
  let failures = 0;
  for (;;) {
    try {
      await untilAborted(run.handle(messages), run.signal);
      return undefined;
    } catch (error) {
      if (run.signal.aborted) throw error;
      const outage = await untilAborted(run.isOutage(error), run.signal);
      if (!outage) failures += 1;
      run.onAttemptFailed(error, failures, messages.length, outage);
      if (failures >= run.policy.maxAttempts) return errorText(error);
    }
    await abortableDelay(backoff, run.signal);
    backoff = Math.min(backoff * 2, run.policy.maxBackoffMs);
  }
}
