import { DELIVERY_MAX_ATTEMPTS } from '@waymark/contracts';

/**
 * Spec 6.2: six attempts in all, the first at once, then after 30 s, 2 min, 10 min, 15 min and 15 min, each counted
 * from the previous failure. Expressed in "seconds" of a configurable unit so tests can run the real sequence fast.
 */
export const RETRY_DELAYS_SECONDS: readonly number[] = [30, 120, 600, 900, 900];

/** Delay after failed attempt `attempt` (1-based) before the next one, or null when it was the last. */
export function delayAfterAttempt(attempt: number, unitMs: number): number | null {
  if (attempt >= DELIVERY_MAX_ATTEMPTS) return null;
  const seconds = RETRY_DELAYS_SECONDS[attempt - 1];
  return seconds === undefined ? null : seconds * unitMs;
}
