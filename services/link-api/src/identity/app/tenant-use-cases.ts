import { randomUUID } from 'node:crypto';
import { DomainError } from '@waymark/contracts';
import type { DestinationScreener } from '@waymark/screening';
import type { TenantView } from '../domain/admin-types';
import type { TenantCreateInput, TenantPatchInput } from '../domain/admin-schemas';
import { newVerificationToken } from '../domain/domain-verification';
import { tenantView } from '../domain/identity-views';
import type { IdentityStore, Tx } from './identity-ports';
import { required } from './not-found';
import { screenBranding } from './screen-branding';

export interface TenantUseCases {
  createTenant(body: TenantCreateInput): Promise<TenantView>;
  listTenants(): Promise<{ tenants: TenantView[] }>;
  getTenant(id: string): Promise<TenantView>;
  patchTenant(id: string, body: TenantPatchInput): Promise<TenantView>;
  setEntitlements(id: string, entitlements: string[]): Promise<TenantView>;
}

export interface TenantDeps {
  repo: IdentityStore;
  clock: () => Date;
  defaultPlan: string;
  screener: DestinationScreener;
}

export function tenantUseCases(deps: TenantDeps): TenantUseCases {
  const { repo } = deps;
  const reload = async (id: string, tx?: Tx) => tenantView(required(await repo.tenant(id, tx), 'Tenant', id));

  return {
    async createTenant(input) {
      const body = { ...input, branding: await screenBranding(deps.screener, input.branding) };
      const id = randomUUID();
      const planName = body.plan ?? deps.defaultPlan;
      return repo.change(async (tx) => {
        await requirePlan(repo, tx, planName);
        if (body.defaultDomain) await requireFreeDomain(repo, tx, body.defaultDomain);
        const now = deps.clock();
        await tx.tenant.create({
          data: {
            id,
            name: body.name,
            planName,
            entitlements: [...new Set(body.entitlements ?? [])],
            defaultDomain: body.defaultDomain ?? null,
            branding: body.branding ?? { name: body.name },
            createdAt: now,
            updatedAt: now,
          },
        });
        if (body.defaultDomain) {
          const verified = body.verifyDefaultDomain === true;
          await tx.domain.create({
            data: {
              name: body.defaultDomain,
              tenantId: id,
              verified,
              verificationToken: newVerificationToken(),
              verifiedAt: verified ? now : null,
              verifiedBy: verified ? 'operator' : null,
              createdAt: now,
            },
          });
        }
        return { result: await reload(id, tx), tenants: [id] };
      });
    },

    async listTenants() {
      return { tenants: (await repo.tenants()).map(tenantView) };
    },

    getTenant: (id) => reload(id),

    async patchTenant(id, input) {
      const body = { ...input, branding: await screenBranding(deps.screener, input.branding) };
      return repo.change(async (tx) => {
        const tenant = required(await repo.tenant(id, tx), 'Tenant', id);
        if (body.plan !== undefined) await requirePlan(repo, tx, body.plan);
        if (body.defaultDomain && !tenant.domains.some((d) => d.name === body.defaultDomain)) {
          throw new DomainError(
            'validation_failed',
            `"${body.defaultDomain}" is not a domain of this tenant; add it first`,
            [{ path: 'defaultDomain', message: "must be one of the tenant's domains" }],
          );
        }
        await tx.tenant.update({
          where: { id },
          data: {
            name: body.name,
            planName: body.plan,
            branding: body.branding,
            defaultDomain: body.defaultDomain,
            updatedAt: deps.clock(),
          },
        });
        return { result: await reload(id, tx), tenants: [id] };
      });
    },

    async setEntitlements(id, entitlements) {
      return repo.change(async (tx) => {
        required(await repo.tenant(id, tx), 'Tenant', id);
        await tx.tenant.update({
          where: { id },
          data: { entitlements: [...new Set(entitlements)].sort(), updatedAt: deps.clock() },
        });
        return { result: await reload(id, tx), tenants: [id] };
      });
    },
  };
}

async function requirePlan(repo: IdentityStore, tx: Tx, name: string): Promise<void> {
  if (!(await repo.plan(name, tx))) {
    throw new DomainError('validation_failed', `Unknown plan "${name}"`, [
      { path: 'plan', message: 'must name an existing plan' },
    ]);
  }
}

export async function requireFreeDomain(repo: IdentityStore, tx: Tx, name: string): Promise<void> {
  if (await repo.domain(name, tx)) throw new DomainError('conflict', `Domain "${name}" is already registered`);
}
