import { randomBytes } from 'node:crypto';
import { SCOPES, type Scope } from '@waymark/contracts';
import { waitFor } from '@waymark/testkit';
import type { ApiClient } from './api-client';
import type { DirectSystem } from './system';

export interface Tenant {
  id: string;
  domain: string;
  /** An integrator client with a key of every scope. */
  api: ApiClient;
  key: string;
  newKey(scopes: readonly Scope[]): Promise<string>;
}

/** `expect`-free check for setup steps: a failed operator call stops the test with the reply. */
function ok<T extends { status: number; text: string }>(reply: T, expected: number, what: string): T {
  if (reply.status !== expected) throw new Error(`${what}: expected ${expected}, got ${reply.status}: ${reply.text}`);
  return reply;
}

/** `t` of a `RateLimit: "<policy>";r=<remaining>;t=<seconds until fully restored>` header; 0 without one. */
function secondsUntilRestored(header: string | null): number {
  const match = /;t=(\d+)/.exec(header ?? '');
  return match ? Number(match[1]) : 0;
}

/**
 * What an operator does for a new customer through the admin API: a tenant on `plan` with an operator-verified
 * domain and a key of every scope. Resolves once every API service behind the gateway accepts the key (each learns
 * keys from identity.v1 on its own; the notifier has two instances, so the check is repeated).
 */
export async function onboardTenant(
  system: DirectSystem,
  opts: { plan?: string; entitlements?: string[] } = {},
): Promise<Tenant> {
  const domain = `go-${randomBytes(4).toString('hex')}.example.test`;
  const tenant = ok(
    await system.operator.call('POST', '/admin/v1/tenants', {
      name: 'E2E Corp',
      plan: opts.plan ?? 'enterprise',
      entitlements: opts.entitlements ?? [],
    }),
    201,
    'create tenant',
  ).body;
  ok(await system.operator.call('POST', `/admin/v1/tenants/${tenant.id}/domains`, { name: domain }), 201, 'add domain');
  ok(
    await system.operator.call('POST', `/admin/v1/domains/${domain}/verify`, { method: 'operator' }),
    200,
    'verify domain',
  );
  ok(
    await system.operator.call('PATCH', `/admin/v1/tenants/${tenant.id}`, { defaultDomain: domain }),
    200,
    'set default domain',
  );
  const newKey = async (scopes: readonly Scope[]) =>
    ok(
      await system.operator.call('POST', `/admin/v1/tenants/${tenant.id}/keys`, { name: 'e2e', scopes }),
      201,
      'create key',
    ).body.key as string;
  const key = await newKey(SCOPES);
  const api = system.api.as({ apiKey: key });
  const probes = ['/v1/links', '/v1/analytics', '/v1/channels', '/v1/channels', '/v1/channels', '/v1/gs1/exports'];
  let last = '';
  let restoredInS = 0;
  await waitFor(
    async () => {
      const replies = await Promise.all(probes.map((p) => api.raw('GET', p)));
      last = replies
        .map((r, i) => `${probes[i]} ${r.status}${r.status === 200 ? '' : ` ${r.text.slice(0, 120)}`}`)
        .join('; ');
      // The probes spend the tenant's rate limit (a small plan's burst is gone after a few rounds when the key takes
      // a while to reach every service). A 429 is only answered once the key was authenticated, so it proves the
      // key works there as much as a 200 does.
      const done = replies.every((r) => r.status === 200 || r.status === 429);
      if (done) restoredInS = Math.max(0, ...replies.map((r) => secondsUntilRestored(r.headers.get('ratelimit'))));
      return done;
    },
    { timeoutMs: 30_000, intervalMs: 200, message: 'the new key to work at every API service' },
  ).catch((error: Error) => {
    throw new Error(`${error.message}; last answers: ${last}`, { cause: error });
  });
  // The caller starts with the whole burst of its plan, as a new customer would: earlier rounds of probes may have
  // emptied the bucket without a single 429 (the one shared by every service, kept in Redis).
  if (restoredInS > 0) await new Promise((resolve) => setTimeout(resolve, restoredInS * 1000));
  return { id: tenant.id, domain, api, key, newKey };
}
