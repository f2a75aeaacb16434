/**
 * Remembers the `webhook-id` of each delivery verified, until its timestamp leaves the tolerance window (after that
 * the timestamp check refuses it anyway). Replace the in-memory default with a store several processes share (or
 * pass `replayGuard: false` and record `webhook-id` yourself) when more than one process receives your webhooks.
 */
export interface ReplayGuard {
  /** Records `id` until `expiresAtMs`; false when it is already recorded and not expired (a replay). */
  firstSeen(id: string, expiresAtMs: number, nowMs: number): boolean;
}

/** The default guard: a map of ids to their expiry, pruned of expired ids as new ones arrive. */
export class InMemoryReplayGuard implements ReplayGuard {
  private readonly seen = new Map<string, number>();

  firstSeen(id: string, expiresAtMs: number, nowMs: number): boolean {
    this.prune(nowMs);
    const known = this.seen.get(id);
    if (known !== undefined && known > nowMs) return false;
    this.seen.delete(id);
    this.seen.set(id, expiresAtMs);
    return true;
  }

  /** How many ids are remembered: bounded by the deliveries of one tolerance window. */
  get size(): number {
    return this.seen.size;
  }

  // Ids arrive in about the order they expire (all windows are the same length), so the oldest come first.
  private prune(nowMs: number): void {
    for (const [id, expiresAt] of this.seen) {
      if (expiresAt > nowMs) break;
      this.seen.delete(id);
    }
  }
}
