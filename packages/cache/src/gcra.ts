import { z } from 'zod';
import type { RateLimitDecision, RateLimitPolicy } from './ports';

const policySchema = z
  .object({
    limit: z.number().int().positive(),
    windowMs: z.number().int().positive(),
    burst: z.number().int().positive().optional(),
  })
  .strict();

/** The policy in GCRA terms: one request costs `emissionMs`; `toleranceMs` is how far ahead of now credit may run. */
export interface GcraParams {
  limit: number;
  emissionMs: number;
  toleranceMs: number;
  cost: number;
}

export function gcraParams(policy: RateLimitPolicy, cost = 1): GcraParams {
  const { limit, windowMs, burst = limit } = policySchema.parse(policy);
  if (!Number.isInteger(cost) || cost < 1 || cost > burst) {
    throw new RangeError(`rate limit cost must be an integer from 1 to the burst (${burst}); got ${cost}`);
  }
  const emissionMs = windowMs / limit;
  return { limit, emissionMs, toleranceMs: emissionMs * burst, cost };
}

/** Absorbs float error so (1000 - 333.33…)/333.33… counts as 2, not 1.999…. Mirrored in the Lua script. */
export const GCRA_EPSILON = 1e-9;

export interface GcraOutcome {
  decision: RateLimitDecision;
  /** Theoretical arrival time to store when allowed; undefined when denied (nothing changes). */
  newTatMs?: number;
}

/**
 * Generic cell rate algorithm: the state is one timestamp, the theoretical arrival time (TAT) of the next request
 * at the steady rate. From idle, `burst` requests pass at once; after that one per windowMs/limit.
 * The Redis Lua script (gcra-script.ts) implements exactly this function.
 */
export function gcra(storedTatMs: number | undefined, nowMs: number, p: GcraParams): GcraOutcome {
  const tat = Math.max(storedTatMs ?? nowMs, nowMs);
  const newTat = tat + p.emissionMs * p.cost;
  const allowAt = newTat - p.toleranceMs;
  if (nowMs < allowAt) {
    return {
      decision: {
        allowed: false,
        limit: p.limit,
        remaining: Math.max(0, Math.floor((p.toleranceMs - (tat - nowMs)) / p.emissionMs + GCRA_EPSILON)),
        resetMs: Math.ceil(tat - nowMs),
        retryAfterMs: Math.ceil(allowAt - nowMs),
      },
    };
  }
  return {
    newTatMs: newTat,
    decision: {
      allowed: true,
      limit: p.limit,
      remaining: Math.max(0, Math.floor((p.toleranceMs - (newTat - nowMs)) / p.emissionMs + GCRA_EPSILON)),
      resetMs: Math.ceil(newTat - nowMs),
      retryAfterMs: 0,
    },
  };
}
