import type { TenantState } from '@waymark/contracts';
import type { TenantDirectory, TenantView } from '../app/pages-ports';

/**
 * Tenants and which domain belongs to whom, from identity.v1: enough to brand the pages of unknown codes on a
 * tenant's domain. A domain counts once it is listed for the tenant (verification is link-api's gate for links).
 */
export class MemoryTenantDirectory implements TenantDirectory {
  private readonly tenants = new Map<string, TenantView>();
  private readonly domainsOfTenant = new Map<string, string[]>();
  private readonly tenantOfDomain = new Map<string, string>();

  applyTenant(state: TenantState): void {
    for (const domain of this.domainsOfTenant.get(state.id) ?? []) this.tenantOfDomain.delete(domain);
    const domains = [...state.domains.map((d) => d.name.toLowerCase()), state.defaultDomain.toLowerCase()].filter(
      Boolean,
    );
    for (const domain of domains) this.tenantOfDomain.set(domain, state.id);
    this.domainsOfTenant.set(state.id, domains);
    this.tenants.set(state.id, { id: state.id, name: state.name, branding: state.branding });
  }

  byId(id: string): TenantView | undefined {
    return this.tenants.get(id);
  }

  byDomain(domain: string): TenantView | undefined {
    const id = this.tenantOfDomain.get(domain);
    return id === undefined ? undefined : this.tenants.get(id);
  }

  /** Whether the host is one this redirector serves (some tenant lists it). */
  knowsDomain(domain: string): boolean {
    return this.tenantOfDomain.has(domain);
  }
}
