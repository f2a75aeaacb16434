import type { Request } from 'express';
import type { IdempotencyCaller } from '@waymark/http';
import { readApiKey } from './credentials';
import type { ApiPrincipal } from './principal';

/**
 * The API key behind an authenticated request, for `createHttpApp`'s `idempotency.callerOf`: its hash names the
 * credential an Idempotency-Key is bound to, the key itself seals the kept answer. Other principals (the operator)
 * are not tracked.
 */
export function idempotencyCallerOf(request: Request, principal: unknown): IdempotencyCaller | undefined {
  const candidate = principal as Partial<ApiPrincipal> | undefined;
  const { key } = readApiKey(request);
  if (typeof candidate?.tenantId !== 'string' || candidate.key === undefined || key === undefined) return undefined;
  return { tenantId: candidate.tenantId, credentialId: candidate.key.hash, secret: key };
}
