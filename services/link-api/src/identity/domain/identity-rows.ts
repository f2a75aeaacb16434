/**
 * The stored identity rows as the use cases read them: the shapes crossing the identity store port. The Prisma rows
 * the repository returns satisfy them structurally.
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
