import type { KeyValueCache, RateLimiter } from '@waymark/cache';
import type { EventBus } from '@waymark/events';
import type { Logger } from '@waymark/logging';
import type { ObjectStore } from '@waymark/objectstore';

/**
 * What a service's `startService` is given: production clients from its `main.ts` (`runServiceMain`), in-process
 * ones from the embedded runner, test doubles from nothing (tests pass real infrastructure). A service adds its own.
 */
export interface ServiceAdapters {
  logger: Logger;
  bus: EventBus;
  databaseUrl?: string;
  cache?: KeyValueCache;
  rateLimiter?: RateLimiter;
  objectStore?: ObjectStore;
  clock?: () => Date;
}

/** A started service: the port it answers on, and a stop that releases what it started. */
export interface RunningService {
  readonly port: number;
  stop(): Promise<void>;
}

/**
 * A `RunningService` whose stop runs `steps` one after the other (listener first, clients last), once: a second
 * call (a signal during a stop) waits for the same run.
 */
export function runningService(port: number, steps: readonly (() => unknown)[]): RunningService {
  let stopping: Promise<void> | undefined;
  return {
    port,
    stop: () =>
      (stopping ??= (async () => {
        for (const step of steps) await step();
      })()),
  };
}
