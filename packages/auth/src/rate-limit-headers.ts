import type { RateLimitDecision } from '@waymark/cache';

/**
 * Response headers of draft-ietf-httpapi-ratelimit-headers (structured fields):
 *   RateLimit-Policy: "<policy>";q=<quota>;w=<window seconds>
 *   RateLimit: "<policy>";r=<remaining>;t=<seconds until the quota is fully restored>
 * The policy is named after the tenant's plan, reduced to characters that need no escaping in an sf-string.
 */
export function rateLimitHeaders(
  policyName: string,
  windowMs: number,
  decision: RateLimitDecision,
): Record<string, string> {
  const name = policyName.replace(/[^A-Za-z0-9_.-]/g, '_') || 'plan';
  return {
    'RateLimit-Policy': `"${name}";q=${decision.limit};w=${Math.ceil(windowMs / 1000)}`,
    RateLimit: `"${name}";r=${Math.max(0, decision.remaining)};t=${Math.ceil(decision.resetMs / 1000)}`,
  };
}

/** Retry-After in whole seconds, at least 1 so a client never retries in a tight loop. */
export function retryAfterSeconds(decision: RateLimitDecision): number {
  return Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
}
