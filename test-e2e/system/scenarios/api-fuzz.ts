import fc from 'fast-check';
import type { ApiClient } from '../support/api-client';
import type { System } from '../support/system';
import { onboardTenant, type Tenant } from '../support/tenant';

const RUNS_PER_OPERATION = 12;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

type Parameter = { in: string; name: string };
type Operation = { parameters?: Parameter[]; requestBody?: unknown };

const segment = fc.oneof(
  fc.string({ minLength: 1, maxLength: 40 }),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }),
  fc.constantFrom('0', '-1', '..', '%', 'null', "'; DROP TABLE x;--", '01/09506000134352', 'a'.repeat(300)),
);
const queryValue = fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('', '0', '-5', '1e309', '24h', '2026-13-45', 'true', '[]'));
const body = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
  fc.dictionary(fc.constantFrom('destination', 'code', 'rows', 'records', 'type', 'config', 'name', 'scopes', 'tags', 'gtin'), fc.jsonValue({ maxDepth: 2 })).map((v) => JSON.stringify(v)),
  fc.constantFrom('{', 'not json', '{"destination":', '[]', 'null', '"x"'),
);

/** What a family of routes has stored, read through its list endpoint (the caller's view). */
const FAMILIES: { prefix: string; list: string; admin?: true }[] = [
  { prefix: '/v1/links', list: '/v1/links?limit=200' },
  { prefix: '/v1/channels', list: '/v1/channels' },
  { prefix: '/v1/gs1/links', list: '/v1/gs1/links?limit=200' },
  { prefix: '/v1/gs1/exports', list: '/v1/gs1/exports' },
  { prefix: '/admin/v1/tenants', list: '/admin/v1/tenants', admin: true },
  { prefix: '/admin/v1/plans', list: '/admin/v1/plans', admin: true },
];

async function storedState(system: System, tenant: Tenant): Promise<Map<string, string>> {
  const state = new Map<string, string>();
  for (const family of FAMILIES) {
    const reply = await (family.admin ? system.operator : tenant.api).raw('GET', family.list);
    if (reply.status !== 200) throw new Error(`GET ${family.list} answered ${reply.status}: ${reply.text.slice(0, 200)}`);
    state.set(family.prefix, reply.text);
  }
  return state;
}

/**
 * A bounded fuzzing pass over every operation of /v1/openapi.json: random path parameters, query values and bodies
 * (well-formed JSON, near-miss objects, malformed text). Every answer must be below 500 and every error `{error, code}`,
 * and a rejected request stores nothing: every family of routes that accepted no write lists exactly what it listed
 * before the pass.
 */
export function apiFuzz(system: () => System): void {
  describe('input fuzzing of every documented operation', () => {
    let tenant: Tenant;
    beforeAll(async () => {
      tenant = await onboardTenant(system());
    }, 60_000);

    it('answers random input to every operation without a 5xx, with errors in the {error, code} shape', async () => {
      const operations = Object.entries(system().openApi.paths).flatMap(([path, ops]) =>
        METHODS.filter((m) => m in ops).map((method) => ({ path, method, op: (ops as Record<string, Operation>)[method] as Operation })),
      );
      expect(operations.length).toBeGreaterThan(20);
      const failures: string[] = [];
      const before = await storedState(system(), tenant);
      const accepted = new Set<string>();
      for (const { path, method, op } of operations) {
        const client: ApiClient = path.startsWith('/admin/') ? system().operator : tenant.api;
        const queryNames = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
        const input = fc.record({
          params: fc.array(segment, { minLength: 4, maxLength: 4 }),
          query: fc.dictionary(fc.constantFrom(...(queryNames.length ? queryNames : ['x'])), queryValue, { maxKeys: 3 }),
          body: op.requestBody || method !== 'get' ? fc.option(body, { nil: undefined }) : fc.constant(undefined),
        });
        await fc.assert(
          fc.asyncProperty(input, async ({ params, query, body: text }) => {
            let i = 0;
            const concrete = path.replace(/\{[^}]+\}/g, () => encodeURIComponent(params[i++] as string));
            const search = new URLSearchParams(query).toString();
            const url = `${concrete}${search ? `?${search}` : ''}`;
            const reply = await client.raw(method.toUpperCase(), url, method === 'get' || method === 'delete' ? undefined : text);
            const shaped = typeof reply.body?.error === 'string' && typeof reply.body?.code === 'string';
            if (method !== 'get' && reply.status < 300) accepted.add(path);
            if (reply.status >= 500 || (reply.status >= 400 && !shaped)) {
              failures.push(`${method.toUpperCase()} ${url} body=${String(text).slice(0, 80)} -> ${reply.status} ${reply.text.slice(0, 160)}`);
            }
          }),
          { numRuns: RUNS_PER_OPERATION, seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31) },
        );
      }
      expect(failures).toEqual([]);
      const after = await storedState(system(), tenant);
      const untouched = FAMILIES.filter((family) => ![...accepted].some((path) => path.startsWith(family.prefix)));
      // Random input is almost always rejected; a family that did accept a write (say, a random but valid plan) is
      // the one place a change is expected.
      expect(untouched.length).toBeGreaterThanOrEqual(FAMILIES.length - 2);
      for (const family of untouched) expect({ family: family.prefix, listed: after.get(family.prefix) }).toEqual({ family: family.prefix, listed: before.get(family.prefix) });
    }, 180_000);
  });
}
