import { randomBytes } from 'node:crypto';
import { SCOPES } from '@waymark/contracts';
import { call, type RywTarget } from './ryw-target';

export interface RywTenant {
  id: string;
  domain: string;
  key: string;
}

export function expectStatus(answer: { status: number; text: string }, expected: number, what: string): void {
  if (answer.status !== expected)
    throw new Error(`${what}: expected ${expected}, got ${answer.status}: ${answer.text.slice(0, 200)}`);
}

export function newDomainName(): string {
  return `ryw-${randomBytes(5).toString('hex')}.example.test`;
}

/** Adds and verifies a domain of the tenant through the operator API (acknowledged writes, nothing awaited beyond). */
export async function addVerifiedDomain(target: RywTarget, tenantId: string, name: string): Promise<void> {
  expectStatus(
    await call(target, 'operator', 'POST', `/admin/v1/tenants/${tenantId}/domains`, { name }),
    201,
    'add domain',
  );
  expectStatus(
    await call(target, 'operator', 'POST', `/admin/v1/domains/${name}/verify`, { method: 'operator' }),
    200,
    'verify domain',
  );
}

export async function issueKey(target: RywTarget, tenantId: string): Promise<{ id: string; key: string }> {
  const answer = await call(target, 'operator', 'POST', `/admin/v1/tenants/${tenantId}/keys`, {
    name: 'ryw',
    scopes: SCOPES,
  });
  expectStatus(answer, 201, 'issue key');
  return { id: answer.body.id, key: answer.body.key };
}

/** A tenant as an operator onboards one, used at once: no wait between the operator's answers and its first call. */
export async function onboard(target: RywTarget, entitlements: string[] = []): Promise<RywTenant> {
  const tenant = await call(target, 'operator', 'POST', '/admin/v1/tenants', {
    name: 'RYW Corp',
    plan: 'enterprise',
    entitlements,
  });
  expectStatus(tenant, 201, 'create tenant');
  const domain = newDomainName();
  await addVerifiedDomain(target, tenant.body.id, domain);
  expectStatus(
    await call(target, 'operator', 'PATCH', `/admin/v1/tenants/${tenant.body.id}`, { defaultDomain: domain }),
    200,
    'default domain',
  );
  const { key } = await issueKey(target, tenant.body.id);
  return { id: tenant.body.id, domain, key };
}
