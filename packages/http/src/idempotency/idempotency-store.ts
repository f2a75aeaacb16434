/** A response kept for replay: what a client sending the same key and body again receives. */
export interface StoredResponse {
  status: number;
  /** The headers a replay repeats (Location, Content-Type); rate-limit and request-id headers are the new request's. */
  headers: Record<string, string>;
  body: string;
}

export type IdempotencyClaim =
  | { outcome: 'claimed' }
  | { outcome: 'replay'; response: StoredResponse }
  | { outcome: 'mismatch' }
  | { outcome: 'in_progress' };

/**
 * Idempotency keys per tenant. `claim` atomically takes a key for a request (or reports what holds it); the
 * request's outcome is then `complete`d (kept for replay) or `release`d (a failure worth retrying frees the key).
 * Keys older than the window count as absent, and `sweep` deletes them.
 */
export interface IdempotencyStore {
  claim(tenantId: string, key: string, fingerprint: string, now: Date): Promise<IdempotencyClaim>;
  complete(tenantId: string, key: string, response: StoredResponse): Promise<void>;
  release(tenantId: string, key: string): Promise<void>;
  sweep(olderThan: Date): Promise<number>;
}

/** How long a key is remembered (Stripe and the IETF draft's common choice). */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
