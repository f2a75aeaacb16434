import { identityTopic, type Plan as PlanState } from '@waymark/contracts';
import { enqueue, type AwaitPublished } from '@waymark/db';
import type { PrismaClient } from '../../generated/prisma/client';
import type { IdentityChange, IdentityStore, IdentityTx } from '../app/identity-ports';
import type { ApiKeyRow, DomainRow, PlanRow, TenantRow } from '../domain/identity-rows';
import { apiKeyState, tenantState } from './identity-events';
import { PrismaIdentityTx, WITH_TENANT } from './prisma-identity-tx';

/**
 * Reads and writes identity rows. Every write goes through `change`, whose transaction also enqueues the new state
 * on identity.v1 (outbox): the database and what other services learn never disagree after a commit.
 */
export class PrismaIdentityRepository implements IdentityStore {
  /** The single-row reads outside a change, on the pool. */
  private readonly reads: PrismaIdentityTx;

  constructor(
    private readonly prisma: PrismaClient,
    /**
     * Answers wait for the identity.v1 events, so every service authenticates a new key (or refuses a revoked one)
     * at once.
     */
    private readonly published: AwaitPublished,
  ) {
    this.reads = new PrismaIdentityTx(prisma);
  }

  /** Runs `work` in a transaction; then publishes the tenants and keys it names, read back inside that transaction. */
  async change<T>(work: (tx: IdentityTx) => Promise<IdentityChange<T>>): Promise<T> {
    const changed = await this.prisma.$transaction(async (tx) => {
      const { result, tenants = [], keys = [] } = await work(new PrismaIdentityTx(tx));
      const tenantRows = await tx.tenant.findMany({
        where: { id: { in: [...new Set(tenants)] } },
        include: WITH_TENANT,
      });
      const keyRows = await tx.apiKey.findMany({ where: { id: { in: [...new Set(keys)] } } });
      await enqueue(tx, identityTopic, [
        ...tenantRows.map((row) => ({ value: tenantState(row) })),
        ...keyRows.map((row) => ({ value: apiKeyState(row) })),
      ]);
      return result;
    });
    await this.published();
    return changed;
  }

  tenant(id: string): Promise<TenantRow | null> {
    return this.reads.tenant(id);
  }

  tenants(): Promise<TenantRow[]> {
    return this.prisma.tenant.findMany({ include: WITH_TENANT, orderBy: { createdAt: 'asc' } });
  }

  plans(): Promise<PlanRow[]> {
    return this.prisma.plan.findMany({ orderBy: { name: 'asc' } });
  }

  plan(name: string): Promise<PlanRow | null> {
    return this.reads.plan(name);
  }

  domain(name: string): Promise<DomainRow | null> {
    return this.reads.domain(name);
  }

  keysOf(tenantId: string): Promise<ApiKeyRow[]> {
    return this.prisma.apiKey.findMany({ where: { tenantId }, orderBy: { createdAt: 'asc' } });
  }

  key(id: string): Promise<ApiKeyRow | null> {
    return this.reads.key(id);
  }

  keyByHash(hash: string): Promise<ApiKeyRow | null> {
    return this.prisma.apiKey.findUnique({ where: { hash } });
  }

  /** Inserts catalog plans the database does not hold yet; existing ones keep what the operator API set. */
  async seedPlans(plans: readonly PlanState[]): Promise<void> {
    await this.prisma.plan.createMany({ data: [...plans], skipDuplicates: true });
  }

  /** Last-used times from the request path, batched; only ever moves a time forward. */
  async recordKeyUsage(usages: { hash: string; at: Date }[]): Promise<void> {
    for (const usage of usages) {
      await this.prisma.apiKey.updateMany({
        where: { hash: usage.hash, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: usage.at } }] },
        data: { lastUsedAt: usage.at },
      });
    }
  }

  async ping(): Promise<boolean> {
    await this.prisma.$queryRawUnsafe('SELECT 1');
    return true;
  }
}
