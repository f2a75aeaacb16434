import type { Logger } from '@waymark/logging';
import { IDEMPOTENCY_WINDOW_MS, type IdempotencyStore } from './idempotency-store';

const DEFAULT_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Deletes idempotency keys past their 24 h window, hourly (expired keys are already ignored by `claim`; this only
 * bounds the table). Every instance may run it: the DELETE is idempotent.
 */
export function startIdempotencySweeper(
  store: IdempotencyStore,
  options: { logger: Pick<Logger, 'warn'>; intervalMs?: number; clock?: () => Date },
): { sweepNow(): Promise<number>; stop(): Promise<void> } {
  const clock = options.clock ?? (() => new Date());
  const sweepNow = () => store.sweep(new Date(clock().getTime() - IDEMPOTENCY_WINDOW_MS));
  const timer = setInterval(() => {
    sweepNow().catch((err: unknown) => options.logger.warn({ err }, 'idempotency sweep failed; retried next interval'));
  }, options.intervalMs ?? DEFAULT_INTERVAL_MS);
  timer.unref();
  return { sweepNow, stop: async () => clearInterval(timer) };
}
