import type { PlanView } from '../domain/admin-types';
import type { PlanWriteInput } from '../domain/admin-schemas';
import { planView } from '../domain/identity-views';
import type { IdentityStore } from './identity-ports';

export interface PlanUseCases {
  listPlans(): Promise<{ plans: PlanView[] }>;
  putPlan(name: string, body: PlanWriteInput): Promise<PlanView>;
}

export function planUseCases(deps: { repo: IdentityStore; clock: () => Date }): PlanUseCases {
  return {
    async listPlans() {
      return { plans: (await deps.repo.plans()).map(planView) };
    },

    /** Creates or changes a plan; every tenant on it is republished, so limits change everywhere at once. */
    async putPlan(name, body) {
      return deps.repo.change(async (tx) => {
        const plan = await tx.upsertPlan({ name, ...body, updatedAt: deps.clock() });
        return { result: planView(plan), tenants: await tx.tenantsOnPlan(name) };
      });
    },
  };
}
