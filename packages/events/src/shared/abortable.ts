/** Thrown when a batch is given up because its subscription is stopping; the batch stays uncommitted. */
export class BatchAbandonedError extends Error {
  constructor() {
    super('batch abandoned: the subscription is stopping; it stays uncommitted and will be delivered again');
  }
}

/** Settles with the work's outcome, or rejects with BatchAbandonedError as soon as `signal` aborts. */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new BatchAbandonedError());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new BatchAbandonedError());
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** A delay that ends early (rejecting with BatchAbandonedError) when `signal` aborts. */
export function abortableDelay(ms: number, signal: AbortSignal): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const delay = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  return untilAborted(delay, signal).finally(() => clearTimeout(timer));
}
