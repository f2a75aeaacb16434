import type { Request } from 'express';
import type { RateLimiter, RateLimitPolicy } from '@waymark/cache';
import { DomainError } from '@waymark/contracts';
import { isDomainError, type Authenticator } from '@waymark/http';
import { clientAddressKey } from './client-address';
import { isKnownCredentialRefusal } from './credential-refusal';
import { retryAfterSeconds } from './rate-limit-headers';

/**
 * Failed authentications a client address may have: 50 at once, then one every 2 s (30 a minute). Above what a
 * client with a wrong, expired or revoked key does before a person looks at it (and a test suite's deliberate 401s);
 * far below what scanning or guessing needs.
 */
export const FAILED_AUTHENTICATION_POLICY: RateLimitPolicy = { limit: 30, windowMs: 60_000, burst: 50 };

/**
 * Throttles failed authentication per client address: every 401 for a credential that matches nothing (a guess, a
 * scan, a typo; a revoked or expired key is its owner's, not a guess) costs the address one attempt of its budget in the
 * shared limiter (Redis across instances, in-process in the embedded mode); beyond it, a failed attempt is answered
 * 429 `rate_limited` with `Retry-After` instead of 401. A request whose credential is good is never refused here, so
 * clients sharing an address (a NAT, an office) are not punished for another's failures; that also tells a blocked
 * address which credential is good, which is harmless because credentials are too long to guess (192 random bits,
 * an operator token of at least 32 characters): what is throttled is the cost and noise of the failures.
 */
export function throttleFailedAuthentication(
  inner: Authenticator,
  options: { rateLimiter: RateLimiter; policy?: RateLimitPolicy },
): Authenticator {
  const policy = options.policy ?? FAILED_AUTHENTICATION_POLICY;
  return {
    async authenticate(request: Request, securityName, scopes) {
      try {
        return await inner.authenticate(request, securityName, scopes);
      } catch (error) {
        if (!isDomainError(error) || error.code !== 'unauthorized' || isKnownCredentialRefusal(error)) throw error;
        const decision = await options.rateLimiter.consume(clientAddressKey(request.ip), policy);
        if (decision.allowed) throw error;
        const retryAfter = retryAfterSeconds(decision);
        request.res?.setHeader('Retry-After', String(retryAfter));
        throw new DomainError(
          'rate_limited',
          `Too many failed authentication attempts from this address; retry in ${retryAfter} s`,
        );
      }
    },
  };
}
