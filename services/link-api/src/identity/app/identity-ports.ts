// Identity's use cases still write rows through Prisma's transaction client; moving those writes behind
// IdentityStore is the open part of this port.
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import type { Prisma } from '../../generated/prisma/client';
import type { ApiKeyRow, DomainRow, PlanRow, TenantRow } from '../domain/identity-rows';

/** A transaction of the identity store; the use cases still write their rows through it. */
export type Tx = Prisma.TransactionClient;

/** What a unit of work inside `change` answers: its result, and the tenants and keys to republish. */
export interface IdentityChange<T> {
  result: T;
  tenants?: string[];
  keys?: string[];
}

/**
 * Identity rows in Postgres. Every write goes through `change`, whose transaction also enqueues the new state of the
 * tenants and keys it names on identity.v1; it resolves once those events are published. Reads take an optional
 * transaction to read inside a `change`.
 */
export interface IdentityStore {
  change<T>(work: (tx: Tx) => Promise<IdentityChange<T>>): Promise<T>;
  tenant(id: string, tx?: Tx): Promise<TenantRow | null>;
  tenants(): Promise<TenantRow[]>;
  plans(): Promise<PlanRow[]>;
  plan(name: string, tx?: Tx): Promise<PlanRow | null>;
  domain(name: string, tx?: Tx): Promise<DomainRow | null>;
  keysOf(tenantId: string): Promise<ApiKeyRow[]>;
  key(id: string, tx?: Tx): Promise<ApiKeyRow | null>;
  keyByHash(hash: string): Promise<ApiKeyRow | null>;
}

/** Looks up TXT records, for proving control of a domain. */
export interface TxtResolver {
  resolveTxt(name: string): Promise<string[][]>;
}
