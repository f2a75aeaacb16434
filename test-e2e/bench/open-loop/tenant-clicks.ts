import { setTimeout as sleep } from 'node:timers/promises';
import type { Tenant } from '../../system/support/tenant';

/** Every request the tenant's analytics has counted over the last 7 days (GET /v1/analytics), or undefined. */
export async function tenantClickTotal(tenant: Tenant): Promise<number | undefined> {
  const reply = await tenant.api.raw('GET', '/v1/analytics?top=1').catch(() => undefined);
  const total = reply?.status === 200 ? (reply.body as { totals?: { total?: unknown } }).totals?.total : undefined;
  return typeof total === 'number' ? total : undefined;
}

/** The tenant's count once it stopped moving (two equal readings `everyMs` apart), so a run starts from a settled one. */
export async function settledClickTotal(tenant: Tenant, everyMs = 2000, timeoutMs = 60_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let last = await tenantClickTotal(tenant);
  while (Date.now() < deadline) {
    await sleep(everyMs);
    const now = await tenantClickTotal(tenant);
    if (now !== undefined && now === last) return now;
    last = now;
  }
  throw new Error(`the tenant's analytics count did not settle in ${timeoutMs / 1000} s (last ${last})`);
}

/**
 * Waits (at most `timeoutMs`) until the tenant's analytics count reaches `expected`, reading it every second: how long
 * the system took to catch up after the load. `counted` is the last reading.
 */
export async function waitForClicks(
  tenant: Tenant,
  expected: number,
  timeoutMs: number,
): Promise<{ counted: number; waitedMs: number; reached: boolean }> {
  const started = Date.now();
  let counted = (await tenantClickTotal(tenant)) ?? 0;
  while (counted < expected && Date.now() - started < timeoutMs) {
    await sleep(1000);
    counted = (await tenantClickTotal(tenant)) ?? counted;
  }
  return { counted, waitedMs: Date.now() - started, reached: counted >= expected };
}
