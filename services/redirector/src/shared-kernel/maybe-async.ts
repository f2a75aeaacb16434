/** A value a use case may have at once (the hot path) or only after I/O (a miss that asks the shared tier). */
export type MaybeAsync<T> = T | Promise<T>;

/** Chains a possibly asynchronous value without making the synchronous case asynchronous. */
export function thenMaybe<T, R>(value: MaybeAsync<T>, next: (resolved: T) => MaybeAsync<R>): MaybeAsync<R> {
  return value instanceof Promise ? value.then(next) : next(value);
}
