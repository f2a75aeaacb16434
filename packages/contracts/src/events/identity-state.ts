import { z } from 'zod';
import { IsoDateTime } from '../common';
import { Scope } from '../scopes';
import { eventEnvelope } from './envelope';

export const Plan = z.object({
  name: z.string().min(1),
  rateLimitPerMinute: z.number().int().positive(),
  burst: z.number().int().positive(),
  bulkRowCap: z.number().int().positive(),
  exportsPerHour: z.number().int().min(0),
});
export type Plan = z.infer<typeof Plan>;

export const Branding = z.object({
  name: z.string(),
  logoUrl: z.string().optional(),
  primaryColor: z.string().optional(),
  backgroundColor: z.string().optional(),
  fallbackUrl: z.string().optional(),
});
export type Branding = z.infer<typeof Branding>;

/** Known entitlements; the list is open (string[]) so a new one needs no schema change. */
export const ENTITLEMENTS = { resolver: 'resolver' } as const;

export const TenantState = z.object({
  ...eventEnvelope,
  type: z.literal('tenant'),
  id: z.string().min(1),
  name: z.string(),
  plan: Plan,
  entitlements: z.array(z.string()),
  defaultDomain: z.string(),
  domains: z.array(z.object({ name: z.string(), verified: z.boolean() })),
  branding: Branding,
});
export type TenantState = z.infer<typeof TenantState>;

/** An API key as services authenticate it: only the SHA-256 of the key travels, never the key. */
export const ApiKeyState = z.object({
  ...eventEnvelope,
  type: z.literal('api_key'),
  hash: z.string().regex(/^[0-9a-f]{64}$/, 'must be a lower-case SHA-256 hex digest'),
  prefix: z.string(),
  tenantId: z.string().min(1),
  scopes: z.array(Scope),
  expiresAt: IsoDateTime.nullable(),
  revoked: z.boolean(),
});
export type ApiKeyState = z.infer<typeof ApiKeyState>;

/** identity.v1 value; keys are `tenant:<id>` and `key:<sha256 hex>`. */
export const IdentityState = z.discriminatedUnion('type', [TenantState, ApiKeyState]);
export type IdentityState = z.infer<typeof IdentityState>;

export const identityKey = (s: IdentityState): string => (s.type === 'tenant' ? `tenant:${s.id}` : `key:${s.hash}`);
