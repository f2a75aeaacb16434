import { identityTopic, type Plan as PlanState } from '@waymark/contracts';
import { enqueue, type AwaitPublished } from '@waymark/db';
import type { ApiKey, PrismaClient } from '../../generated/prisma/client';
import type { IdentityChange, IdentityStore, Tx } from '../app/identity-ports';
import type { TenantRow } from '../domain/identity-rows';
import { apiKeyState, tenantState } from './identity-events';

const WITH_TENANT = { plan: true, domains: true } as const;

/**
 * Reads and writes identity rows. Every write goes through `change`, whose transaction also enqueues the new state
 * on identity.v1 (outbox): the database and what other services learn never disagree after a commit.
 */
export class PrismaIdentityRepository implements IdentityStore {
  constructor(
    private readonly prisma: PrismaClient,
    /**
     * Answers wait for the identity.v1 events, so every service authenticates a new key (or refuses a revoked one)
     * at once.
     */
    private readonly published: AwaitPublished,
  ) {}

  /** Runs `work` in a transaction; then publishes the tenants and keys it names, read back inside that transaction. */
  async change<T>(work: (tx: Tx) => Promise<IdentityChange<T>>): Promise<T> {
    const changed = await this.prisma.$transaction(async (tx) => {
      const { result, tenants = [], keys = [] } = await work(tx);
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

  tenant(id: string, tx: Tx | PrismaClient = this.prisma): Promise<TenantRow | null> {
    return tx.tenant.findUnique({ where: { id }, include: WITH_TENANT });
  }

  tenants(): Promise<TenantRow[]> {
    return this.prisma.tenant.findMany({ include: WITH_TENANT, orderBy: { createdAt: 'asc' } });
  }

  plans() {
    return this.prisma.plan.findMany({ orderBy: { name: 'asc' } });
  }

  plan(name: string, tx: Tx | PrismaClient = this.prisma) {
    return tx.plan.findUnique({ where: { name } });
  }

  domain(name: string, tx: Tx | PrismaClient = this.prisma) {
    return tx.domain.findUnique({ where: { name } });
  }

  keysOf(tenantId: string): Promise<ApiKey[]> {
    return this.prisma.apiKey.findMany({ where: { tenantId }, orderBy: { createdAt: 'asc' } });
  }

  key(id: string, tx: Tx | PrismaClient = this.prisma): Promise<ApiKey | null> {
    return tx.apiKey.findUnique({ where: { id } });
  }

  keyByHash(hash: string): Promise<ApiKey | null> {
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
