import { randomUUID } from 'node:crypto';

/** A plan as identity.v1 carries it (the shape of @waymark/contracts' TenantState plan). */
export interface PlanRecord {
  name: string;
  rateLimitPerMinute: number;
  burst: number;
  bulkRowCap: number;
  exportsPerHour: number;
}

/** Limits no test or benchmark reaches, for tenants whose plan is not what is tested. */
export const GENEROUS_PLAN: PlanRecord = {
  name: 'test',
  rateLimitPerMinute: 1_000_000,
  burst: 100_000,
  bulkRowCap: 500,
  exportsPerHour: 100,
};

export interface TenantRecordOptions {
  id: string;
  /** The tenant's name, also its branding name; defaults to the id. */
  name?: string;
  /** The default domain, verified. */
  domain: string;
  plan?: Partial<PlanRecord>;
  entitlements?: string[];
  extraDomains?: { name: string; verified: boolean }[];
}

/**
 * A tenant's identity.v1 record as link-api publishes it, for tests and benchmarks that stand in for link-api. Kept
 * free of the contracts package (the test kit depends on no workspace); publishing it on identityTopic type-checks it.
 */
export function tenantRecord(options: TenantRecordOptions) {
  const name = options.name ?? options.id;
  return {
    key: `tenant:${options.id}`,
    value: {
      version: 1 as const,
      eventId: randomUUID(),
      type: 'tenant' as const,
      id: options.id,
      name,
      plan: { ...GENEROUS_PLAN, ...options.plan },
      entitlements: options.entitlements ?? [],
      defaultDomain: options.domain,
      domains: [{ name: options.domain, verified: true }, ...(options.extraDomains ?? [])],
      branding: { name },
    },
  };
}

/** An API key's identity.v1 record (never the key itself: its SHA-256 hash and display prefix). */
export function apiKeyRecord<S extends string>(key: { hash: string; prefix: string; tenantId: string; scopes: S[] }) {
  return {
    key: `key:${key.hash}`,
    value: {
      version: 1 as const,
      eventId: randomUUID(),
      type: 'api_key' as const,
      hash: key.hash,
      prefix: key.prefix,
      tenantId: key.tenantId,
      scopes: key.scopes,
      expiresAt: null,
      revoked: false,
    },
  };
}
