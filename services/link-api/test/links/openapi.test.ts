import { readFileSync } from 'node:fs';
import { API_SERVICES, openApiPathOf } from '../../src/http/links/public-openapi';
import { call, startLinksApi, type Api } from './links-fixture';

let api: Api;

beforeAll(async () => {
  api = await startLinksApi();
}, 60_000);

afterAll(async () => {
  await api?.stop();
});

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** `METHOD /path/{param}` for every operation of a document. */
function documented(doc: { paths: Record<string, Record<string, unknown>> }): string[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).filter((m) => METHODS.includes(m)).map((m) => `${m.toUpperCase()} ${path}`));
}

/** Routes a service's generated tsoa router mounts, as `METHOD /path/{param}`. */
function mountedByTsoa(service: string): string[] {
  const routes = readFileSync(openApiPathOf(service).replace(/openapi\.json$/, 'routes.ts'), 'utf8');
  return [...routes.matchAll(/app\.(get|post|put|patch|delete)\(\s*'([^']+)'/g)].map(([, m, p]) => `${m!.toUpperCase()} ${p!.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`);
}

describe('GET /v1/openapi.json', () => {
  it('is one OpenAPI 3 document of interface version 1.0, served without a key', async () => {
    const reply = await call(api, null, 'GET', '/v1/openapi.json');
    expect(reply.status).toBe(200);
    expect(reply.body.openapi).toMatch(/^3\./);
    expect(reply.body.info).toMatchObject({ title: 'Waymark API', version: '1.0' });
  });

  it('lists exactly the routes every built API service mounts', async () => {
    const doc = (await call(api, null, 'GET', '/v1/openapi.json')).body;
    const built = API_SERVICES.filter((service) => {
      try {
        readFileSync(openApiPathOf(service));
        return true;
      } catch {
        return false;
      }
    });
    expect(built).toContain('link-api');
    const mounted = built.flatMap(mountedByTsoa).sort();
    expect(documented(doc).sort()).toEqual(mounted);
  });

  it("matches link-api's live express router, route for route", async () => {
    const doc = (await call(api, null, 'GET', '/v1/openapi.json')).body;
    const ownDoc = JSON.parse(readFileSync(openApiPathOf('link-api'), 'utf8'));
    const own = documented(ownDoc).sort();
    expect(own.every((op) => documented(doc).includes(op))).toBe(true);
    // The app's fallback answers exactly `Not found` to a request no route matched; every documented operation is matched.
    const unmatched = async (method: string, path: string) => {
      const reply = await fetch(`${api.url}${path}`, { method, headers: { 'content-type': 'application/json' }, body: method === 'GET' ? undefined : '{}' });
      return reply.status === 404 && ((await reply.json()) as { error?: string }).error === 'Not found';
    };
    for (const op of own) {
      const [method, path] = op.split(' ') as [string, string];
      expect({ op, unmatched: await unmatched(method, path.replace(/\{[^}]+\}/g, 'x')) }).toEqual({ op, unmatched: false });
    }
    expect(await unmatched('GET', '/v1/not-a-route')).toBe(true);
    expect(await unmatched('PUT', '/v1/links/x')).toBe(true);
    expect(mountedByTsoa('link-api').sort()).toEqual(own);
  });

  it('documents every error status with the error body', async () => {
    const doc = (await call(api, null, 'GET', '/v1/openapi.json')).body;
    const create = doc.paths['/v1/links'].post.responses;
    expect(Object.keys(create).sort()).toEqual(['201', '400', '401', '403', '409', '422', '429', '503']);
    expect(JSON.stringify(create['422'])).toContain('HttpErrorBody');
  });

  it('lists 503 unavailable on every operation of every service (a dependency may be down), keeping an operation\'s own 503', async () => {
    const doc = (await call(api, null, 'GET', '/v1/openapi.json')).body as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ op: `${method} ${path}`, responses: op.responses })));
    expect(operations.length).toBeGreaterThan(10);
    expect(operations.filter(({ responses }) => responses['503'] === undefined).map(({ op }) => op)).toEqual([]);
    // Only the channel creation declares a 503 of its own (the confirmation mail could not be sent).
    const withoutRetryAfter = operations.filter(({ responses }) => !JSON.stringify(responses['503']).includes('Retry-After'));
    expect(withoutRetryAfter.map(({ op }) => op)).toEqual(['post /v1/channels']);
    expect(JSON.stringify(doc.paths['/v1/links']?.get?.responses['503'])).toContain('HttpErrorBody');
  });
});
