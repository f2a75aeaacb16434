import fc from 'fast-check';
import type { ApiClient } from '../support/api-client';
import {
  bodyFields,
  bodyWith,
  HOSTILE_BODIES,
  HOSTILE_HEADER_SETS,
  HOSTILE_HEADER_VALUES,
  HOSTILE_JSON_VALUES,
  HOSTILE_PATH_VALUES,
  HOSTILE_QUERY_VALUES,
} from '@waymark/testkit';
import { rawRequest } from '../support/raw-request';
import type { System } from '../support/system';
import { onboardTenant, type Tenant } from '../support/tenant';

const RUNS_PER_OPERATION = 12;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

type Parameter = { in: string; name: string };
type Operation = { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: object }> } };
const HOSTILE_CONCURRENCY = 8;

const segment = fc.oneof(
  fc.string({ minLength: 1, maxLength: 40 }),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }),
  fc.constantFrom('0', '-1', '..', '%', 'null', "'; DROP TABLE x;--", '01/09506000134352', 'a'.repeat(300)),
);
const queryValue = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom('', '0', '-5', '1e309', '24h', '2026-13-45', 'true', '[]'),
);
const body = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
  fc
    .dictionary(
      fc.constantFrom('destination', 'code', 'rows', 'records', 'type', 'config', 'name', 'scopes', 'tags', 'gtin'),
      fc.jsonValue({ maxDepth: 2 }),
    )
    .map((v) => JSON.stringify(v)),
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
    if (reply.status !== 200)
      throw new Error(`GET ${family.list} answered ${reply.status}: ${reply.text.slice(0, 200)}`);
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
        METHODS.filter((m) => m in ops).map((method) => ({
          path,
          method,
          op: (ops as Record<string, Operation>)[method] as Operation,
        })),
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
          query: fc.dictionary(fc.constantFrom(...(queryNames.length ? queryNames : ['x'])), queryValue, {
            maxKeys: 3,
          }),
          body: op.requestBody || method !== 'get' ? fc.option(body, { nil: undefined }) : fc.constant(undefined),
        });
        await fc.assert(
          fc.asyncProperty(input, async ({ params, query, body: text }) => {
            let i = 0;
            const concrete = path.replace(/\{[^}]+\}/g, () => encodeURIComponent(params[i++] as string));
            const search = new URLSearchParams(query).toString();
            const url = `${concrete}${search ? `?${search}` : ''}`;
            const reply = await client.raw(
              method.toUpperCase(),
              url,
              method === 'get' || method === 'delete' ? undefined : text,
            );
            const shaped = typeof reply.body?.error === 'string' && typeof reply.body?.code === 'string';
            if (method !== 'get' && reply.status < 300) accepted.add(path);
            if (reply.status >= 500 || (reply.status >= 400 && !shaped)) {
              failures.push(
                `${method.toUpperCase()} ${url} body=${String(text).slice(0, 80)} -> ${reply.status} ${reply.text.slice(0, 160)}`,
              );
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
      for (const family of untouched)
        expect({ family: family.prefix, listed: after.get(family.prefix) }).toEqual({
          family: family.prefix,
          listed: before.get(family.prefix),
        });
    }, 180_000);

    it('answers every class of hostile input at every path, query, body field and credential header without a 5xx', async () => {
      const plan = `fuzz_${Date.now().toString(36)}`;
      const limits = { rateLimitPerMinute: 1_000_000, burst: 1_000_000, bulkRowCap: 500, exportsPerHour: 1_000 };
      expect((await system().operator.call('PUT', `/admin/v1/plans/${plan}`, limits)).status).toBe(200);
      const { key } = await onboardTenant(system(), { plan, entitlements: ['resolver'] });
      const requests = hostileRequests(system().openApi as never, key, system().operatorToken);
      const failures: string[] = [];
      const unshaped: string[] = [];
      let sent = 0;
      const queue = [...requests];
      await Promise.all(
        Array.from({ length: HOSTILE_CONCURRENCY }, async () => {
          for (let next = queue.shift(); next; next = queue.shift()) {
            const { method, path, headers, body } = next;
            const reply = await rawRequest(system().gateway.url, method, path, headers, body).catch((error: Error) => ({
              status: 0,
              contentType: '',
              text: error.message,
            }));
            sent += 1;
            const what = `${method} ${path.slice(0, 120)} ${JSON.stringify(headers).slice(0, 80)} body=${String(body).slice(0, 80)} -> ${reply.status} ${reply.text.slice(0, 160)}`;
            if (reply.status >= 500 || reply.status === 0) failures.push(what);
            // The gateway's own refusals included: every error is `{error, code}`.
            else if (
              reply.status >= 400 &&
              !(/json/.test(reply.contentType) && /"error":".*"code":"/s.test(reply.text))
            )
              unshaped.push(what);
          }
        }),
      );
      console.info(
        `hostile input: ${sent} requests sent over ${requests.length} cases, ${failures.length} answered >= 500`,
      );
      expect(sent).toBe(requests.length);
      expect(failures).toEqual([]);
      expect(unshaped).toEqual([]);
    }, 600_000);
  });
}

interface HostileRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[]>;
  body?: string;
}

/**
 * One request per (operation, place, hostile value): each path parameter, query parameter, body field (nested ones
 * included) and the credential headers in turn, the rest of the request benign, so a value is judged where it lands.
 */
function hostileRequests(
  doc: { paths: Record<string, Record<string, Operation>> },
  key: string,
  operatorToken: string,
): HostileRequest[] {
  const requests: HostileRequest[] = [];
  for (const [template, operations] of Object.entries(doc.paths)) {
    for (const method of METHODS.filter((m) => m in operations)) {
      const op = operations[method] as Operation;
      const admin = template.startsWith('/admin/');
      const auth: Record<string, string> = admin ? { authorization: `Bearer ${operatorToken}` } : { 'x-api-key': key };
      const M = method.toUpperCase();
      const names = [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string);
      const pathWith = (name?: string, value?: string) =>
        template.replace(/\{([^}]+)\}/g, (_, n: string) => (n === name ? (value as string) : 'x'));
      const takesBody = op.requestBody !== undefined;
      const benignBody = takesBody ? '{}' : undefined;
      for (const name of names)
        for (const value of HOSTILE_PATH_VALUES)
          requests.push({ method: M, path: pathWith(name, value), headers: auth, body: benignBody });
      const queryNames = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      for (const name of queryNames) {
        for (const value of HOSTILE_QUERY_VALUES)
          requests.push({ method: M, path: `${pathWith()}?${name}=${value}`, headers: auth, body: benignBody });
        requests.push({ method: M, path: `${pathWith()}?${name}=a&${name}=b`, headers: auth, body: benignBody });
      }
      for (const name of (op.parameters ?? []).filter((p) => p.in === 'header').map((p) => p.name)) {
        for (const value of HOSTILE_HEADER_VALUES)
          requests.push({ method: M, path: pathWith(), headers: { ...auth, [name]: value }, body: benignBody });
      }
      for (const headers of HOSTILE_HEADER_SETS(admin ? operatorToken : key)) {
        requests.push({
          method: M,
          path: pathWith(),
          headers: admin && 'x-api-key' in headers ? { ...headers, ...auth } : headers,
          body: benignBody,
        });
      }
      if (!takesBody) continue;
      for (const body of HOSTILE_BODIES) requests.push({ method: M, path: pathWith(), headers: auth, body });
      const schema = op.requestBody?.content?.['application/json']?.schema;
      for (const field of bodyFields(doc as never, schema)) {
        for (const raw of HOSTILE_JSON_VALUES)
          requests.push({ method: M, path: pathWith(), headers: auth, body: bodyWith(field, raw) });
      }
    }
  }
  return requests;
}
