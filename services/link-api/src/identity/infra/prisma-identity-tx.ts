import type { Prisma } from '../../generated/prisma/client';
import type { IdentityTx } from '../app/identity-ports';
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

export const WITH_TENANT = { plan: true, domains: true } as const;

/**
 * Identity rows through one Prisma client: a transaction's inside `change`, the pool's for reads outside one.
 * Prisma's errors pass through unchanged (a unique or missing-row violation fails the request as it always has).
 */
export class PrismaIdentityTx implements IdentityTx {
  constructor(private readonly db: Prisma.TransactionClient) {}

  tenant(id: string): Promise<TenantRow | null> {
    return this.db.tenant.findUnique({ where: { id }, include: WITH_TENANT });
  }

  plan(name: string): Promise<PlanRow | null> {
    return this.db.plan.findUnique({ where: { name } });
  }

  domain(name: string): Promise<DomainRow | null> {
    return this.db.domain.findUnique({ where: { name } });
  }

  key(id: string): Promise<ApiKeyRow | null> {
    return this.db.apiKey.findUnique({ where: { id } });
  }

  async createTenant(row: NewTenant): Promise<void> {
    await this.db.tenant.create({ data: row });
  }

  async updateTenant(id: string, changes: TenantChanges): Promise<void> {
    await this.db.tenant.update({ where: { id }, data: changes });
  }

  async clearDefaultDomain(tenantId: string, domain: string): Promise<void> {
    await this.db.tenant.updateMany({ where: { id: tenantId, defaultDomain: domain }, data: { defaultDomain: null } });
  }

  upsertPlan(plan: PlanRow): Promise<PlanRow> {
    const { name, ...limits } = plan;
    return this.db.plan.upsert({ where: { name }, create: plan, update: limits });
  }

  async tenantsOnPlan(name: string): Promise<string[]> {
    const rows = await this.db.tenant.findMany({ where: { planName: name }, select: { id: true } });
    return rows.map((row) => row.id);
  }

  createDomain(row: DomainRow): Promise<DomainRow> {
    return this.db.domain.create({ data: row });
  }

  verifyDomain(name: string, verified: DomainVerified): Promise<DomainRow> {
    return this.db.domain.update({ where: { name }, data: verified });
  }

  async deleteDomain(name: string): Promise<void> {
    await this.db.domain.delete({ where: { name } });
  }

  createKey(row: NewApiKey): Promise<ApiKeyRow> {
    return this.db.apiKey.create({ data: row });
  }

  revokeKey(id: string, at: Date): Promise<ApiKeyRow> {
    return this.db.apiKey.update({ where: { id }, data: { revokedAt: at } });
  }
}
