import { z } from 'zod';
import { Plan } from '@waymark/contracts';

/**
 * Plans a fresh installation starts with. PLAN_CATALOG (JSON array of Plan) replaces this list; plans the
 * database does not hold yet are inserted at start-up, existing ones are left as the operator API last set them.
 */
export const DEFAULT_PLAN_CATALOG: Plan[] = [
  { name: 'free', rateLimitPerMinute: 60, burst: 20, bulkRowCap: 100, exportsPerHour: 5 },
  { name: 'pro', rateLimitPerMinute: 600, burst: 100, bulkRowCap: 500, exportsPerHour: 60 },
  { name: 'enterprise', rateLimitPerMinute: 6000, burst: 1000, bulkRowCap: 500, exportsPerHour: 600 },
];

export const PlanCatalog = z
  .array(Plan)
  .min(1)
  .refine((plans) => new Set(plans.map((p) => p.name)).size === plans.length, 'plan names must be unique');

/** Parses the PLAN_CATALOG variable: JSON text holding a PlanCatalog. */
export const planCatalogJson = z.string().transform((text, ctx) => {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'must be a JSON array of plans' });
    return z.NEVER;
  }
  const parsed = PlanCatalog.safeParse(value);
  if (!parsed.success) {
    ctx.addIssue({ code: 'custom', message: `must be a JSON array of plans: ${z.prettifyError(parsed.error)}` });
    return z.NEVER;
  }
  return parsed.data;
});
