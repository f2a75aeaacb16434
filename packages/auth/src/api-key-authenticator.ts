import type { Request } from 'express';
import type { RateLimiter, RateLimitPolicy } from '@waymark/cache';
import { DomainError, type Plan, type Scope, type TenantState } from '@waymark/contracts';
import type { FreshReads } from '@waymark/events';
import type { Authenticator } from '@waymark/http';
import { hashApiKey, isWellFormedApiKey } from './api-key';
import { readApiKey } from './credentials';
import type { IdentityReadModel } from './identity-read-model';
import type { ApiPrincipal } from './principal';
import { rateLimitHeaders, retryAfterSeconds } from './rate-limit-headers';
import { refuseKnownCredential } from './credential-refusal';

export interface ApiKeyAuthenticatorOptions {
  identity: IdentityReadModel;
  /** Catches the model up before an unknown key, an unknown tenant or a missing scope is refused. */
  fresh: Pick<FreshReads, 'find' | 'confirm' | 'catchUp'>;
  /** Shared by every instance (Redis); wrap it in FailOpenRateLimiter to decide what a store outage does. */
  rateLimiter: RateLimiter;
  /** Told about every authenticated request; must not block (KeyUsageRecorder.touch). */
  onKeyUsed?: (hash: string, at: Date) => void;
  clock?: () => Date;
}

/** The security scheme name API routes declare: `@Security('api_key', ['links:read'])`. */
export const API_KEY_SECURITY = 'api_key';

const RATE_WINDOW_MS = 60_000;

export function planRatePolicy(plan: Plan): RateLimitPolicy {
  return { limit: plan.rateLimitPerMinute, windowMs: RATE_WINDOW_MS, burst: plan.burst };
}

/**
 * Authenticates API requests from the identity read model alone (no call to link-api): the key must exist, be
 * neither revoked nor expired, and belong to a known tenant (401 `unauthorized`); the tenant's plan rate limit is
 * consumed for every authenticated request, its headers set on the response (429 `rate_limited` with
 * Retry-After beyond it); then the route's scopes are checked (403 `insufficient_scope`).
 */
export function createApiKeyAuthenticator(options: ApiKeyAuthenticatorOptions): Authenticator {
  const clock = options.clock ?? (() => new Date());
  return {
    async authenticate(request: Request, securityName: string, scopes: readonly string[]): Promise<ApiPrincipal> {
      if (securityName !== API_KEY_SECURITY) throw new Error(`Unknown security scheme "${securityName}"`);
      const principal = await identify(request, options, clock());
      const policy = planRatePolicy(principal.tenant.plan);
      const decision = await options.rateLimiter.consume(`tenant:${principal.tenantId}`, policy);
      const response = request.res;
      if (response) {
        for (const [name, value] of Object.entries(
          rateLimitHeaders(principal.tenant.plan.name, policy.windowMs, decision),
        )) {
          response.setHeader(name, value);
        }
      }
      if (!decision.allowed) {
        const retryAfter = retryAfterSeconds(decision);
        response?.setHeader('Retry-After', String(retryAfter));
        throw new DomainError(
          'rate_limited',
          `Rate limit of plan "${principal.tenant.plan.name}" exceeded; retry in ${retryAfter} s`,
        );
      }
      // A scope missing from a key the model knows may still be on its way (a key issued again with more scopes).
      const current = await options.fresh.confirm(
        () => options.identity.apiKey(principal.key.hash)?.scopes ?? [],
        (held) => scopes.every((scope) => held.includes(scope as Scope)),
      );
      const missing = scopes.filter((scope) => !current.includes(scope as Scope));
      if (missing.length > 0) {
        throw new DomainError('insufficient_scope', `This API key lacks the scope ${missing.join(', ')}`, {
          required: missing,
        });
      }
      options.onKeyUsed?.(principal.key.hash, clock());
      return principal;
    },
  };
}

async function identify(request: Request, options: ApiKeyAuthenticatorOptions, now: Date): Promise<ApiPrincipal> {
  const { key, conflict } = readApiKey(request);
  if (conflict) throw new DomainError('unauthorized', 'Authorization and x-api-key carry different keys');
  if (key === undefined) throw new DomainError('unauthorized', 'Missing API key (Authorization: Bearer or x-api-key)');
  const hash = isWellFormedApiKey(key) ? hashApiKey(key) : undefined;
  const state = hash === undefined ? undefined : await options.fresh.find(hash, () => options.identity.apiKey(hash));
  if (!state || hash === undefined) throw new DomainError('unauthorized', 'Invalid API key');
  if (state.revoked) throw refuseKnownCredential('API key has been revoked');
  if (state.expiresAt !== null && Date.parse(state.expiresAt) <= now.getTime()) {
    throw refuseKnownCredential('API key has expired');
  }
  const tenant = await options.fresh.find(`tenant:${state.tenantId}`, () => options.identity.tenant(state.tenantId));
  if (!tenant) throw new DomainError('unauthorized', 'Invalid API key');
  let latest: Promise<TenantState> | undefined;
  const latestTenant = () =>
    (latest ??= options.fresh.catchUp().then(() => options.identity.tenant(tenant.id) ?? tenant));
  return { tenantId: tenant.id, tenant, key: { hash, prefix: state.prefix, scopes: state.scopes }, latestTenant };
}
