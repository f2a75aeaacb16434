import { DomainError } from '@waymark/contracts';
import type { DomainView } from '../domain/admin-types';
import { hostOf, newVerificationToken, txtProvesControl, verificationRecord } from '../domain/domain-verification';
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
        required(await repo.tenant(tenantId, tx), 'Tenant', tenantId);
        await requireFreeDomain(repo, tx, body.name);
        const now = deps.clock();
        const verified = body.verified === true;
        const domain = await tx.domain.create({
          data: {
            name: body.name,
            tenantId,
            verified,
            verificationToken: newVerificationToken(),
            verifiedAt: verified ? now : null,
            verifiedBy: verified ? 'operator' : null,
            createdAt: now,
          },
        });
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
        const updated = await tx.domain.update({
          where: { name },
          data: { verified: true, verifiedAt: deps.clock(), verifiedBy: method },
        });
        return { result: domainView(updated), tenants: [updated.tenantId] };
      });
    },

    /** The domain stops accepting links; if it was the tenant's default, the tenant has none until one is set. */
    async removeDomain(name) {
      await repo.change(async (tx) => {
        const domain = required(await repo.domain(name, tx), 'Domain', name);
        await tx.domain.delete({ where: { name } });
        await tx.tenant.updateMany({
          where: { id: domain.tenantId, defaultDomain: name },
          data: { defaultDomain: null },
        });
        return { result: undefined, tenants: [domain.tenantId] };
      });
    },
  };
}
