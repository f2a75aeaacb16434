import type {
  ApiKeyRow,
  DomainRow,
  DomainVerified,
  NewApiKey,
  NewTenant,
  PlanRow,
  TenantChanges,
  TenantRow,
} from '../domain/identity-rows';

/** Single-row reads, the same inside a `change` (on its transaction) and outside one. */
export interface IdentityReads {
  tenant(id: string): Promise<TenantRow | null>;
  plan(name: string): Promise<PlanRow | null>;
  domain(name: string): Promise<DomainRow | null>;
  key(id: string): Promise<ApiKeyRow | null>;
}

/**
 * The identity store inside one `change`: its reads see the writes before them, and everything commits together.
 * A write that breaks a constraint (a taken key, a row gone meanwhile) rejects, and the whole change with it.
 */
export interface IdentityTx extends IdentityReads {
  createTenant(row: NewTenant): Promise<void>;
  updateTenant(id: string, changes: TenantChanges): Promise<void>;
  /** Unsets the tenant's default domain if it is `domain`. */
  clearDefaultDomain(tenantId: string, domain: string): Promise<void>;
  /** Creates the plan or replaces its limits; resolves with it as stored. */
  upsertPlan(plan: PlanRow): Promise<PlanRow>;
  /** Ids of the tenants on the plan. */
  tenantsOnPlan(name: string): Promise<string[]>;
  createDomain(row: DomainRow): Promise<DomainRow>;
  verifyDomain(name: string, verified: DomainVerified): Promise<DomainRow>;
  deleteDomain(name: string): Promise<void>;
  createKey(row: NewApiKey): Promise<ApiKeyRow>;
  revokeKey(id: string, at: Date): Promise<ApiKeyRow>;
}

/** What a unit of work inside `change` answers: its result, and the tenants and keys to republish. */
export interface IdentityChange<T> {
  result: T;
  tenants?: string[];
  keys?: string[];
}

/**
 * Identity rows in Postgres. Every write goes through `change`, whose transaction also enqueues the new state of the
 * tenants and keys it names on identity.v1; it resolves once those events are published.
 */
export interface IdentityStore extends IdentityReads {
  change<T>(work: (tx: IdentityTx) => Promise<IdentityChange<T>>): Promise<T>;
  tenants(): Promise<TenantRow[]>;
  plans(): Promise<PlanRow[]>;
  keysOf(tenantId: string): Promise<ApiKeyRow[]>;
  keyByHash(hash: string): Promise<ApiKeyRow | null>;
}

/** Looks up TXT records, for proving control of a domain. */
export interface TxtResolver {
  resolveTxt(name: string): Promise<string[][]>;
}
