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
  onAttemptFailed(error: unknown, attempt: number, size: number): void;
}

/**
 * Hands the batch to the handler until it succeeds or maxAttempts is spent, backing off between attempts;
 * then retries each message alone (same policy) so only the poison messages fail. Returns those, for the
 * caller to dead-letter; every other message has been handled once the promise resolves.
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
  let lastError = '';
  for (let n = 1; n <= run.policy.maxAttempts; n += 1) {
    try {
      await untilAborted(run.handle(messages), run.signal);
      return undefined;
    } catch (error) {
      if (run.signal.aborted) throw error;
      lastError = errorText(error);
      run.onAttemptFailed(error, n, messages.length);
    }
    if (n < run.policy.maxAttempts) {
      await abortableDelay(backoff, run.signal);
      backoff = Math.min(backoff * 2, run.policy.maxBackoffMs);
    }
  }
  return lastError;
}
