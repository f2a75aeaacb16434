import { DomainError } from '@waymark/contracts';
import type { DomainView } from '../domain/admin-types';
import { hostOf, newDomain, txtProvesControl, verificationRecord } from '../domain/domain-verification';
import { domainView } from '../domain/identity-views';
import type { IdentityStore, TxtResolver } from './identity-ports';
import { required } from './not-found';
import { requireFreeDomain } from './tenant-use-cases';

export interface DomainUseCases {
  addDomain(tenantId: string, body: { name: string; verified?: boolean }): Promise<DomainView>;
  listDomains(tenantId: string): Promise<{ domains: DomainView[] }>;
  verifyDomain(name: string, method: 'dns' | 'operator'): Promise<DomainView>;
  removeDomain(name: string): Promise<void>;
}

export function domainUseCases(deps: { repo: IdentityStore; dns: TxtResolver; clock: () => Date }): DomainUseCases {
  const { repo } = deps;
  return {
    async addDomain(tenantId, body) {
      return repo.change(async (tx) => {
        required(await tx.tenant(tenantId), 'Tenant', tenantId);
        await requireFreeDomain(tx, body.name);
        const domain = await tx.createDomain(newDomain(body.name, tenantId, body.verified === true, deps.clock()));
        return { result: domainView(domain), tenants: [tenantId] };
      });
    },

    async listDomains(tenantId) {
      const tenant = required(await repo.tenant(tenantId), 'Tenant', tenantId);
      return { domains: [...tenant.domains].sort((a, b) => a.name.localeCompare(b.name)).map(domainView) };
    },

    /**
     * `dns`: the TXT record `_waymark.<host>` must hold the domain's token, else 409 `conflict` naming the record to
     * publish. `operator`: verified without a check. The DNS query runs outside the transaction.
     */
    async verifyDomain(name, method) {
      const domain = required(await repo.domain(name), 'Domain', name);
      if (method === 'dns') {
        const records = await deps.dns.resolveTxt(`_waymark.${hostOf(name)}`);
        if (!txtProvesControl(records, domain.verificationToken)) {
          const expected = verificationRecord(name, domain.verificationToken);
          throw new DomainError('conflict', `TXT record ${expected.recordName} does not hold the verification value`, {
            expected,
            found: records.map((chunks) => chunks.join('')),
          });
        }
      }
      return repo.change(async (tx) => {
        const updated = await tx.verifyDomain(name, { verified: true, verifiedAt: deps.clock(), verifiedBy: method });
        return { result: domainView(updated), tenants: [updated.tenantId] };
      });
    },

    /** The domain stops accepting links; if it was the tenant's default, the tenant has none until one is set. */
    async removeDomain(name) {
      await repo.change(async (tx) => {
        const domain = required(await tx.domain(name), 'Domain', name);
        await tx.deleteDomain(name);
        await tx.clearDefaultDomain(domain.tenantId, name);
        return { result: undefined, tenants: [domain.tenantId] };
      });
    },
  };
}
