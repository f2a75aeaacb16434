import type { BrandingInput } from './admin-schemas';

/**
 * The stored identity rows as the use cases read them: the shapes crossing the identity store port, and the
 * new rows and changes the use cases write through it. The Prisma rows the repository returns satisfy them
 * structurally.
 */
export interface PlanRow {
  name: string;
  rateLimitPerMinute: number;
  burst: number;
  bulkRowCap: number;
  exportsPerHour: number;
  updatedAt: Date;
}

export interface DomainRow {
  name: string;
  tenantId: string;
  verified: boolean;
  verificationToken: string;
  verifiedAt: Date | null;
  verifiedBy: string | null;
  createdAt: Date;
}

export interface TenantRow {
  id: string;
  name: string;
  planName: string;
  entitlements: string[];
  defaultDomain: string | null;
  /** JSON as stored; written only after validation, so it holds a BrandingView. */
  branding: unknown;
  createdAt: Date;
  updatedAt: Date;
  plan: PlanRow;
  domains: DomainRow[];
}

export interface ApiKeyRow {
  id: string;
  hash: string;
  displayPrefix: string;
  tenantId: string;
  name: string;
  scopes: string[];
  expiresAt: Date | null;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  createdAt: Date;
}

/** A tenant as first stored; its plan and domains are rows of their own. */
export interface NewTenant {
  id: string;
  name: string;
  planName: string;
  entitlements: string[];
  defaultDomain: string | null;
  branding: BrandingInput;
  createdAt: Date;
  updatedAt: Date;
}

/** A change to a tenant: a field left undefined keeps its stored value. */
export interface TenantChanges {
  name?: string;
  planName?: string;
  entitlements?: string[];
  /** null: the tenant has no default domain. */
  defaultDomain?: string | null;
  branding?: BrandingInput;
  updatedAt: Date;
}

/** A proof of control over a domain: when and how it was verified. */
export interface DomainVerified {
  verified: true;
  verifiedAt: Date;
  verifiedBy: string;
}

/** An API key as first stored: never revoked, never used. */
export type NewApiKey = Omit<ApiKeyRow, 'revokedAt' | 'lastUsedAt'>;
