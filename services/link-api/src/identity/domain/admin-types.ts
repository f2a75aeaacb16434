/*
 * Bodies and responses of the operator API (/admin/v1). Plain interfaces so tsoa documents them; the zod schemas
 * in admin-schemas.ts validate the same shapes before a use case runs.
 */
import type { Scope } from '@waymark/contracts';
import type { Count, DateTime, Url } from '@waymark/http';

/**
 * An API key scope. Spelled out (not contracts' `z.infer<typeof Scope>`) so the OpenAPI document names it plainly;
 * the check below keeps it equal to SCOPES.
 */
export type ApiScope =
  | 'links:read'
  | 'links:write'
  | 'analytics'
  | 'analytics:read'
  | 'qr'
  | 'notifications:read'
  | 'notifications:write'
  | 'gs1:read'
  | 'gs1:write';
type SameMembers<A, B> = [Exclude<A, B>, Exclude<B, A>] extends [never, never] ? true : never;
const apiScopeMatchesScopes: SameMembers<ApiScope, Scope> = true;
void apiScopeMatchesScopes;

export interface PlanView extends PlanWrite {
  name: string;
}

/** A plan's limits. */
export interface PlanWrite {
  /** Steady request rate of every API key of a tenant together. */
  rateLimitPerMinute: Count;
  /** Requests allowed at once on top of the steady rate. */
  burst: Count;
  /** Most rows one bulk request may carry (never more than 500). */
  bulkRowCap: Count;
  exportsPerHour: Count;
}

/**
 * A name an operator gives (tenant, branding, key).
 * @maxLength 200
 */
export type Label = string;

/**
 * A plan name: lower-case letters, digits, `_` or `-`.
 * @maxLength 63
 */
export type PlanName = string;

/**
 * An entitlement such as `resolver`.
 * @maxLength 64
 */
export type Entitlement = string;

/**
 * A host name, optionally with `:port`.
 * @maxLength 261
 */
export type HostName = string;

/**
 * `#rgb` or `#rrggbb`.
 * @maxLength 7
 */
export type Colour = string;

export interface BrandingView {
  name: Label;
  logoUrl?: Url;
  primaryColor?: Colour;
  backgroundColor?: Colour;
  /** Where the expiry page offers to go instead. */
  fallbackUrl?: Url;
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
  verifiedAt: DateTime | null;
  /** The TXT record that proves control of the domain. */
  verification: DomainVerification;
  createdAt: DateTime;
}

export interface TenantView {
  id: string;
  name: string;
  plan: PlanView;
  entitlements: string[];
  defaultDomain: string | null;
  domains: DomainView[];
  branding: BrandingView;
  createdAt: DateTime;
  updatedAt: DateTime;
}

export interface TenantCreate {
  name: Label;
  /** A plan name; DEFAULT_PLAN when omitted. */
  plan?: PlanName;
  /** @maxItems 50 */
  entitlements?: Entitlement[];
  branding?: BrandingView;
  /** Added as the tenant's first domain and made its default. */
  defaultDomain?: HostName;
  /** The operator vouches for the default domain: it is verified at once. */
  verifyDefaultDomain?: boolean;
}

export interface TenantPatch {
  name?: Label;
  plan?: PlanName;
  branding?: BrandingView;
  /** One of the tenant's domains, or null to clear it. */
  defaultDomain?: HostName | null;
}

export interface EntitlementsWrite {
  /** @maxItems 50 */
  entitlements: Entitlement[];
}

export interface DomainCreate {
  name: HostName;
  /** The operator vouches for the domain: verified at once, no DNS check. */
  verified?: boolean;
}

export interface DomainVerify {
  /** `dns` (default) checks the TXT record; `operator` marks it verified without a check. */
  method?: 'dns' | 'operator';
}

export interface ApiKeyCreate {
  /** A label for the operator. */
  name?: Label;
  /**
   * Each scope once.
   * @maxItems 9
   */
  scopes: ApiScope[];
  /** In the future; the key never expires when omitted. */
  expiresAt?: DateTime;
}

export interface ApiKeyView {
  id: string;
  tenantId: string;
  name: string;
  /** The first characters of the key, to tell keys apart. */
  prefix: string;
  scopes: ApiScope[];
  expiresAt: DateTime | null;
  revokedAt: DateTime | null;
  lastUsedAt: DateTime | null;
  createdAt: DateTime;
}

export interface CreatedApiKey extends ApiKeyView {
  /** The key itself. Shown in this response only: store it now, it cannot be retrieved again. */
  key: string;
}
