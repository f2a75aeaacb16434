import type { LinkEntry } from '../../shared-kernel/link-entry';

/** What a visit to a known link gets: the redirect, the "unavailable" page (404) or the expiry page (410). */
export type LinkOutcome = 'redirect' | 'unavailable' | 'expired';

/**
 * Disabled wins over expired (an operator's switch is the stronger statement), and expiry is checked at the
 * moment of the visit, so no event is needed when a link expires.
 */
export function linkOutcome(entry: LinkEntry, nowMs: number): LinkOutcome {
  if (entry.status !== 'active') return 'unavailable';
  if (entry.expiresAtMs !== null && nowMs >= entry.expiresAtMs) return 'expired';
  return 'redirect';
}
