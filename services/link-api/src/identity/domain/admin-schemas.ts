import { z } from 'zod';
import { DomainName, HttpUrl, IsoDateTime, NO_CONTROL_CHARS, SCOPES, Scope } from '@waymark/contracts';

const Label = z.string().trim().min(1).max(200).regex(NO_CONTROL_CHARS, 'must not contain control characters');
/** Hex colours only: branding ends up in visitor pages' CSS, so nothing else may get there. */
const Colour = z.string().regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'must be #rgb or #rrggbb');
const PlanName = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,62}$/, 'must be lower-case letters, digits, _ or -');
const Entitlement = z.string().regex(/^[a-z][a-z0-9_:-]{0,63}$/, 'must be lower-case letters, digits, _, : or -');

export const BrandingSchema = z.strictObject({
  name: Label,
  logoUrl: HttpUrl.optional(),
  primaryColor: Colour.optional(),
  backgroundColor: Colour.optional(),
  fallbackUrl: HttpUrl.optional(),
});

export const PlanWriteSchema = z.strictObject({
  rateLimitPerMinute: z.number().int().positive().max(1_000_000),
  burst: z.number().int().positive().max(1_000_000),
  bulkRowCap: z.number().int().positive().max(500),
  exportsPerHour: z.number().int().min(0).max(1_000_000),
});
export const PlanNameSchema = PlanName;

export const TenantCreateSchema = z.strictObject({
  name: Label,
  plan: PlanName.optional(),
  entitlements: z.array(Entitlement).max(50).optional(),
  branding: BrandingSchema.optional(),
  defaultDomain: DomainName.optional(),
  verifyDefaultDomain: z.boolean().optional(),
});

export const TenantPatchSchema = z.strictObject({
  name: Label.optional(),
  plan: PlanName.optional(),
  branding: BrandingSchema.optional(),
  defaultDomain: DomainName.nullable().optional(),
});

export const EntitlementsSchema = z.strictObject({ entitlements: z.array(Entitlement).max(50) });

export const DomainCreateSchema = z.strictObject({ name: DomainName, verified: z.boolean().optional() });

export const DomainVerifySchema = z.strictObject({ method: z.enum(['dns', 'operator']).default('dns') });

export const ApiKeyCreateSchema = z.strictObject({
  name: Label.optional(),
  scopes: z
    .array(Scope)
    .min(1)
    .max(SCOPES.length)
    .refine((s) => new Set(s).size === s.length, 'scopes must be unique'),
  expiresAt: IsoDateTime.optional(),
});

export const IdParam = z.string().min(1).max(128);
export const DomainParam = DomainName;

export type TenantCreateInput = z.output<typeof TenantCreateSchema>;
export type TenantPatchInput = z.output<typeof TenantPatchSchema>;
export type ApiKeyCreateInput = z.output<typeof ApiKeyCreateSchema>;
export type PlanWriteInput = z.output<typeof PlanWriteSchema>;
export type BrandingInput = z.output<typeof BrandingSchema>;
