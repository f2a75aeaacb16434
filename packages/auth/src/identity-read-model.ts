import type { ApiKeyState, IdentityState, TenantState } from '@waymark/contracts';

export interface DomainEntry {
  tenantId: string;
  verified: boolean;
}

/** One record of identity.v1 as the model applies it: a value, or a tombstone (null) for its key. */
export interface IdentityRecord {
  key: string;
  value: IdentityState | null;
}

/**
 * Tenants by id, API keys by hash and domains by name, as the latest identity.v1 records say. Pure and synchronous,
 * so a lookup on the request path is a Map read. Records of one key arrive in order (one partition per key).
 */
export class IdentityReadModel {
  private readonly tenants = new Map<string, TenantState>();
  private readonly keys = new Map<string, ApiKeyState>();
  private readonly domains = new Map<string, DomainEntry>();

  apply(records: readonly IdentityRecord[]): void {
    for (const record of records) {
      if (record.value === null) this.remove(record.key);
      else if (record.value.type === 'tenant') this.putTenant(record.value);
      else this.keys.set(record.value.hash, record.value);
    }
  }

  tenant(id: string): TenantState | undefined {
    return this.tenants.get(id);
  }

  apiKey(hash: string): ApiKeyState | undefined {
    return this.keys.get(hash);
  }

  domain(name: string): DomainEntry | undefined {
    return this.domains.get(name.toLowerCase());
  }

  get size(): { tenants: number; keys: number; domains: number } {
    return { tenants: this.tenants.size, keys: this.keys.size, domains: this.domains.size };
  }

  private putTenant(tenant: TenantState): void {
    this.dropDomainsOf(tenant.id);
    this.tenants.set(tenant.id, tenant);
    for (const domain of tenant.domains) {
      this.domains.set(domain.name.toLowerCase(), { tenantId: tenant.id, verified: domain.verified });
    }
  }

  private remove(key: string): void {
    const separator = key.indexOf(':');
    const kind = key.slice(0, separator);
    const id = key.slice(separator + 1);
    if (kind === 'tenant') {
      this.dropDomainsOf(id);
      this.tenants.delete(id);
    } else if (kind === 'key') {
      this.keys.delete(id);
    }
  }

  private dropDomainsOf(tenantId: string): void {
    const previous = this.tenants.get(tenantId);
    if (!previous) return;
    for (const domain of previous.domains) {
      const name = domain.name.toLowerCase();
      if (this.domains.get(name)?.tenantId === tenantId) this.domains.delete(name);
    }
  }
}
