import { randomUUID } from 'node:crypto';
import { DomainError } from '@waymark/contracts';
import type { DestinationScreener } from '@waymark/screening';
import type { TenantView } from '../domain/admin-types';
import type { TenantCreateInput, TenantPatchInput } from '../domain/admin-schemas';
import { newDomain } from '../domain/domain-verification';
import { tenantView } from '../domain/identity-views';
import type { IdentityReads, IdentityStore } from './identity-ports';
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
  const reload = async (id: string, reads: IdentityReads = repo) =>
    tenantView(required(await reads.tenant(id), 'Tenant', id));

  return {
    async createTenant(input) {
      const body = { ...input, branding: await screenBranding(deps.screener, input.branding) };
      const id = randomUUID();
      const planName = body.plan ?? deps.defaultPlan;
      return repo.change(async (tx) => {
        await requirePlan(tx, planName);
        if (body.defaultDomain) await requireFreeDomain(tx, body.defaultDomain);
        const now = deps.clock();
        await tx.createTenant({
          id,
          name: body.name,
          planName,
          entitlements: [...new Set(body.entitlements ?? [])],
          defaultDomain: body.defaultDomain ?? null,
          branding: body.branding ?? { name: body.name },
          createdAt: now,
          updatedAt: now,
        });
        if (body.defaultDomain) {
          await tx.createDomain(newDomain(body.defaultDomain, id, body.verifyDefaultDomain === true, now));
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
        const tenant = required(await tx.tenant(id), 'Tenant', id);
        if (body.plan !== undefined) await requirePlan(tx, body.plan);
        if (body.defaultDomain && !tenant.domains.some((d) => d.name === body.defaultDomain)) {
          throw new DomainError(
            'validation_failed',
            `"${body.defaultDomain}" is not a domain of this tenant; add it first`,
            [{ path: 'defaultDomain', message: "must be one of the tenant's domains" }],
          );
        }
        await tx.updateTenant(id, {
          name: body.name,
          planName: body.plan,
          branding: body.branding,
          defaultDomain: body.defaultDomain,
          updatedAt: deps.clock(),
        });
        return { result: await reload(id, tx), tenants: [id] };
      });
    },

    async setEntitlements(id, entitlements) {
      return repo.change(async (tx) => {
        required(await tx.tenant(id), 'Tenant', id);
        await tx.updateTenant(id, { entitlements: [...new Set(entitlements)].sort(), updatedAt: deps.clock() });
        return { result: await reload(id, tx), tenants: [id] };
      });
    },
  };
}

async function requirePlan(reads: IdentityReads, name: string): Promise<void> {
  if (!(await reads.plan(name))) {
    throw new DomainError('validation_failed', `Unknown plan "${name}"`, [
      { path: 'plan', message: 'must name an existing plan' },
    ]);
  }
}

export async function requireFreeDomain(reads: IdentityReads, name: string): Promise<void> {
  if (await reads.domain(name)) throw new DomainError('conflict', `Domain "${name}" is already registered`);
}
