import { randomBytes } from 'node:crypto';

export interface LoadTenant {
  key: string;
  domain: string;
}

/**
 * A tenant for load tests, onboarded through the operator API: on a plan of its own whose rate limit is far above
 * the load (so the load reaches the services instead of being refused at the door), with the largest bulk import, a
 * verified default domain and a key holding every scope the load uses.
 */
export async function onboardLoadTenant(api: string, operatorToken: string): Promise<LoadTenant> {
  const operator = async (method: string, path: string, body: unknown, expected: number) => {
    const reply = await fetch(`${api}/admin/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${operatorToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await reply.text();
    if (reply.status !== expected) throw new Error(`${method} ${path}: ${reply.status} ${text.slice(0, 300)}`);
    return JSON.parse(text) as Record<string, string>;
  };
  const plan = { rateLimitPerMinute: 1_000_000, burst: 1_000_000, bulkRowCap: 500, exportsPerHour: 1_000 };
  await operator('PUT', '/plans/load-test', plan, 200);
  const tenant = await operator('POST', '/tenants', { name: 'Load Corp', plan: 'load-test' }, 201);
  const domain = `load-${randomBytes(4).toString('hex')}.example.test`;
  await operator('POST', `/tenants/${tenant.id}/domains`, { name: domain }, 201);
  await operator('POST', `/domains/${domain}/verify`, { method: 'operator' }, 200);
  await operator('PATCH', `/tenants/${tenant.id}`, { defaultDomain: domain }, 200);
  const scopes = ['links:read', 'links:write', 'analytics', 'gs1:write', 'gs1:read'];
  const { key } = await operator('POST', `/tenants/${tenant.id}/keys`, { name: 'load', scopes }, 201);
  return { key: key as string, domain };
}
