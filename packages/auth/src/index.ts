export {
  API_KEY_PREFIX,
  DISPLAY_PREFIX_LENGTH,
  generateApiKey,
  hashApiKey,
  isWellFormedApiKey,
  type GeneratedApiKey,
} from './api-key';
export { readApiKey } from './credentials';
export { idempotencyCallerOf } from './idempotency-caller';
export { clientAddressKey } from './client-address';
export { throttleFailedAuthentication, FAILED_AUTHENTICATION_POLICY } from './failed-authentication-throttle';
export { IdentityReadModel, type DomainEntry, type IdentityRecord } from './identity-read-model';
export { startIdentityModel, type IdentityModelHandle } from './identity-subscription';
export { rateLimitHeaders, retryAfterSeconds } from './rate-limit-headers';
export { FailOpenRateLimiter, type FailOpenOptions } from './fail-open-rate-limiter';
export {
  KeyUsageRecorder,
  cacheKeyUsageSink,
  readLastUsed,
  type KeyUsage,
  type KeyUsageSink,
  type KeyUsageRecorderOptions,
} from './key-usage-recorder';
export {
  createApiKeyAuthenticator,
  planRatePolicy,
  API_KEY_SECURITY,
  type ApiKeyAuthenticatorOptions,
} from './api-key-authenticator';
export { principalOf, withTenantAccepting, type ApiPrincipal } from './principal';
export { startApiAuth, type ApiAuth, type ApiAuthOptions } from './api-auth';
