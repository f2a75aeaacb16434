/** A response kept for replay, as the store holds it: the status in clear, the rest sealed (`response-seal.ts`). */
export interface SealedResponse {
  status: number;
  /** Headers and body, encrypted with a key only the credential that made the request can derive. */
  sealed: string;
}

export type IdempotencyClaim =
  | { outcome: 'claimed' }
  | { outcome: 'replay'; response: SealedResponse }
  | { outcome: 'mismatch' }
  | { outcome: 'other_credential' }
  | { outcome: 'in_progress' };

/**
 * Idempotency keys per tenant, each bound to the credential (API key) that claimed it. `claim` atomically takes a
 * key for a request (or reports what holds it); the request's outcome is then `complete`d (kept for replay) or
 * `release`d (a failure worth retrying frees the key). Keys older than the window count as absent, and `sweep`
 * deletes them.
 */
export interface IdempotencyStore {
  claim(claim: {
    tenantId: string;
    key: string;
    credentialId: string;
    fingerprint: string;
    now: Date;
  }): Promise<IdempotencyClaim>;
  complete(tenantId: string, key: string, response: SealedResponse): Promise<void>;
  release(tenantId: string, key: string): Promise<void>;
  sweep(olderThan: Date): Promise<number>;
}

/** How long a key is remembered (Stripe and the IETF draft's common choice). */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
