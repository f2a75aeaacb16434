/*
 * Bodies and responses of the operator API (/admin/v1). Plain interfaces so tsoa documents them; the zod schemas
 * in admin-schemas.ts validate the same shapes before a use case runs.
 */
import type { Scope } from '@waymark/contracts';

export interface PlanView {
  name: string;
  /** Steady request rate of every API key of a tenant together. */
  rateLimitPerMinute: number;
  /** Requests allowed at once on top of the steady rate. */
  burst: number;
  /** Most rows one bulk request may carry (never more than 500). */
  bulkRowCap: number;
  exportsPerHour: number;
}

export type PlanWrite = Omit<PlanView, 'name'>;

export interface BrandingView {
  name: string;
  logoUrl?: string;
  /** `#rgb` or `#rrggbb`. */
  primaryColor?: string;
  backgroundColor?: string;
  /** Where the expiry page offers to go instead. */
  fallbackUrl?: string;
}

export interface DomainVerification {
  recordName: string;
  recordType: 'TXT';
  value: string;
}

export interface DomainView {
  name: string;
  tenantId: string;
  verified: boolean;
  verifiedBy: 'dns' | 'operator' | null;
  verifiedAt: string | null;
  /** The TXT record that proves control of the domain. */
  verification: DomainVerification;
  createdAt: string;
}

export interface TenantView {
  id: string;
  name: string;
  plan: PlanView;
  entitlements: string[];
  defaultDomain: string | null;
  domains: DomainView[];
  branding: BrandingView;
  createdAt: string;
  updatedAt: string;
}

export interface TenantCreate {
  name: string;
  /** A plan name; DEFAULT_PLAN when omitted. */
  plan?: string;
  entitlements?: string[];
  branding?: BrandingView;
  /** Added as the tenant's first domain and made its default. */
  defaultDomain?: string;
  /** The operator vouches for the default domain: it is verified at once. */
  verifyDefaultDomain?: boolean;
}

export interface TenantPatch {
  name?: string;
  plan?: string;
  branding?: BrandingView;
  /** One of the tenant's domains, or null to clear it. */
  defaultDomain?: string | null;
}

export interface EntitlementsWrite {
  entitlements: string[];
}

export interface DomainCreate {
  name: string;
  /** The operator vouches for the domain: verified at once, no DNS check. */
  verified?: boolean;
}

export interface DomainVerify {
  /** `dns` (default) checks the TXT record; `operator` marks it verified without a check. */
  method?: 'dns' | 'operator';
}

export interface ApiKeyCreate {
  /** A label for the operator. */
  name?: string;
  scopes: Scope[];
  /** ISO 8601 instant in the future; the key never expires when omitted. */
  expiresAt?: string;
}

export interface ApiKeyView {
  id: string;
  tenantId: string;
  name: string;
  /** The first characters of the key, to tell keys apart. */
  prefix: string;
  scopes: Scope[];
  expiresAt: string | null;
  revokedAt: string | null;
  lastUsedAt: string | null;
  createdAt: string;
}

export interface CreatedApiKey extends ApiKeyView {
  /** The key itself. Shown in this response only: store it now, it cannot be retrieved again. */
  key: string;
}
