import { readFileSync } from 'node:fs';
import { API_SERVICES, openApiPathOf } from '../../src/http/links/public-openapi';
import { call, withLinksApi, type Api } from '../support/links-fixture';

let api: Api;

withLinksApi((started) => {
  api = started;
});

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** `METHOD /path/{param}` for every operation of a document. */
function documented(doc: { paths: Record<string, Record<string, unknown>> }): string[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops)
      .filter((m) => METHODS.includes(m))
      .map((m) => `${m.toUpperCase()} ${path}`),
  );
}

/** Routes a service's generated tsoa router mounts, as `METHOD /path/{param}`. */
function mountedByTsoa(service: string): string[] {
  const routes = readFileSync(openApiPathOf(service).replace(/openapi\.json$/, 'routes.ts'), 'utf8');
  return [...routes.matchAll(/app\.(get|post|put|patch|delete)\(\s*'([^']+)'/g)].map(
    ([, m, p]) => `${m!.toUpperCase()} ${p!.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`,
  );
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
      const reply = await fetch(`${api.url}${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        body: method === 'GET' ? undefined : '{}',
      });
      return reply.status === 404 && ((await reply.json()) as { error?: string }).error === 'Not found';
    };
    for (const op of own) {
      const [method, path] = op.split(' ') as [string, string];
      expect({ op, unmatched: await unmatched(method, path.replace(/\{[^}]+\}/g, 'x')) }).toEqual({
        op,
        unmatched: false,
      });
    }
    expect(await unmatched('GET', '/v1/not-a-route')).toBe(true);
    // A known path with a method it is not served with is 405 (Allow lists the methods), not the 404 above.
    const wrongMethod = await fetch(`${api.url}/v1/links/x`, { method: 'PUT' });
    expect({ status: wrongMethod.status, allow: wrongMethod.headers.get('allow') }).toEqual({
      status: 405,
      allow: 'DELETE, GET, HEAD, PATCH',
    });
    expect(mountedByTsoa('link-api').sort()).toEqual(own);
  });

  it('documents every error status with the error body', async () => {
    const doc = (await call(api, null, 'GET', '/v1/openapi.json')).body;
    const create = doc.paths['/v1/links'].post.responses;
    expect(Object.keys(create).sort()).toEqual(['201', '400', '401', '403', '409', '415', '422', '429', '500', '503']);
    expect(JSON.stringify(create['422'])).toContain('HttpErrorBody');
  });

  it("lists 503 unavailable on every operation of every service (a dependency may be down), keeping an operation's own 503", async () => {
    const doc = (await call(api, null, 'GET', '/v1/openapi.json')).body as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ op: `${method} ${path}`, responses: op.responses })),
    );
    expect(operations.length).toBeGreaterThan(10);
    expect(operations.filter(({ responses }) => responses['503'] === undefined).map(({ op }) => op)).toEqual([]);
    // Only the channel creation declares a 503 of its own (the confirmation mail could not be sent).
    const withoutRetryAfter = operations.filter(
      ({ responses }) => !JSON.stringify(responses['503']).includes('Retry-After'),
    );
    expect(withoutRetryAfter.map(({ op }) => op)).toEqual(['post /v1/channels']);
    expect(JSON.stringify(doc.paths['/v1/links']?.get?.responses['503'])).toContain('HttpErrorBody');
  });

  it('names every operation once, readably, with a summary, a description and a described tag', async () => {
    const doc = (await call(api, null, 'GET', '/v1/openapi.json')).body as Doc;
    const ops = operationsOf(doc);
    const ids = ops.map(({ op }) => op.operationId);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(ids.filter((id) => !/^[A-Z][A-Za-z0-9]+$/.test(String(id)))).toEqual([]);
    expect(ops.find(({ key }) => key === 'get /v1/links/{code}')?.op.operationId).toBe('GetLink');
    expect(ops.find(({ key }) => key === 'get /v1/gs1/links/{path}')?.op.operationId).toBe('GetGs1Link');
    expect(ops.filter(({ op }) => !op.summary || !op.description).map(({ key }) => key)).toEqual([]);
    const described = new Set(doc.tags.filter((t) => t.description).map((t) => t.name));
    expect(ops.filter(({ op }) => !(op.tags ?? []).every((t) => described.has(t))).map(({ key }) => key)).toEqual([]);
    expect(doc.servers[0]?.url).toBe(api.url);
  });

  it('uses plain schema names, integers with bounds, date-times and enums', async () => {
    const doc = (await call(api, null, 'GET', '/v1/openapi.json')).body as Doc;
    expect(Object.keys(doc.components.schemas).filter((name) => !/^[A-Z][A-Za-z0-9]+$/.test(name))).toEqual([]);
    const param = (key: string, name: string) =>
      operationsOf(doc)
        .find((o) => o.key === key)
        ?.op.parameters?.find((p) => p.name === name)?.schema;
    expect(param('get /v1/links', 'limit')).toMatchObject({ type: 'integer', minimum: 1, maximum: 200 });
    expect(param('get /v1/links/{code}/qr', 'scale')).toMatchObject({ type: 'integer', minimum: 1, maximum: 40 });
    expect(param('get /v1/links/{code}/analytics', 'window')).toEqual({ $ref: '#/components/schemas/AnalyticsWindow' });
    expect(doc.components.schemas.AnalyticsWindow).toMatchObject({ type: 'string', enum: ['24h', '7d', '30d'] });
    expect(param('get /v1/analytics', 'format')).toEqual({ $ref: '#/components/schemas/ReportFormat' });
    expect(doc.components.schemas.ReportFormat).toMatchObject({ type: 'string', enum: ['json', 'csv'] });
    // Only physical sizes in millimetres are decimals; counts, limits and scales are integers.
    const decimals = JSON.stringify(doc).match(/"[A-Za-z]+":\{[^{}]*"format":"double"/g) ?? [];
    expect(decimals.map((d) => d.slice(1, d.indexOf('"', 1))).sort()).toEqual(['bleedMm', 'sizeMm', 'xdimMm']);
    expect(doc.components.schemas.DateTime).toMatchObject({ type: 'string', format: 'date-time' });
    expect(JSON.stringify(doc.components.schemas.LinkView)).toContain('#/components/schemas/DateTime');
  });

  it('types the QR as SVG text and declares both ways of sending a key', async () => {
    const doc = (await call(api, null, 'GET', '/v1/openapi.json')).body as Doc;
    const qr = operationsOf(doc).find((o) => o.key === 'get /v1/links/{code}/qr')?.op;
    expect(qr?.responses['200']?.content).toEqual({ 'image/svg+xml': { schema: { type: 'string' } } });
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(qr?.security).toEqual([{ api_key: [] }, { bearer: [] }]);
    expect(qr?.['x-required-scopes']).toEqual(['qr']);
  });

  it('declares Location on 201 and 202, WWW-Authenticate on 401 and 415 wherever a body is sent', async () => {
    const doc = (await call(api, null, 'GET', '/v1/openapi.json')).body as Doc;
    const ops = operationsOf(doc);
    const created = ops.filter(({ op }) => op.responses['201'] || op.responses['202']);
    expect(created.map(({ key }) => key)).toEqual(
      expect.arrayContaining(['post /v1/links', 'post /v1/channels', 'post /v1/gs1/exports']),
    );
    for (const { key, op } of created)
      expect({
        key,
        location: Object.keys((op.responses['201'] ?? op.responses['202'])?.headers ?? {}).includes('Location'),
      }).toEqual({ key, location: true });
    for (const { key, op } of ops.filter(({ op }) => op.responses['401']))
      expect({ key, h: Object.keys(op.responses['401']?.headers ?? {}) }).toEqual({
        key,
        h: expect.arrayContaining(['WWW-Authenticate']),
      });
    expect(
      ops
        .filter(({ op }) => (op as { requestBody?: unknown }).requestBody && !op.responses['415'])
        .map(({ key }) => key),
    ).toEqual([]);
  });

  it('declares Idempotency-Key, its 409 and 422 and the replay marker on every POST taken with an API key', async () => {
    const doc = (await call(api, null, 'GET', '/v1/openapi.json')).body as Doc;
    const posts = operationsOf(doc).filter(
      ({ key, op }) => key.startsWith('post ') && op.security?.some((r) => 'api_key' in r),
    );
    expect(posts.length).toBeGreaterThanOrEqual(5);
    for (const { key, op } of posts) {
      const success = Object.entries(op.responses).find(([s]) => s.startsWith('2'))?.[1];
      expect({
        key,
        header: op.parameters?.some((p) => p.name === 'Idempotency-Key'),
        statuses: ['409', '422'].filter((s) => op.responses[s]),
        replayed: Object.keys(success?.headers ?? {}).includes('Idempotent-Replayed'),
      }).toEqual({ key, header: true, statuses: ['409', '422'], replayed: true });
    }
  });

  it("declares If-Match and 412 on a link's PATCH and DELETE, and the ETag its reads return", async () => {
    const doc = (await call(api, null, 'GET', '/v1/openapi.json')).body as Doc;
    const op = (key: string) => operationsOf(doc).find((o) => o.key === key)!.op;
    for (const key of ['patch /v1/links/{code}', 'delete /v1/links/{code}']) {
      expect({
        key,
        ifMatch: op(key).parameters?.some((p) => p.name === 'If-Match'),
        status412: Boolean(op(key).responses['412']),
      }).toEqual({ key, ifMatch: true, status412: true });
    }
    expect(Object.keys(op('get /v1/links/{code}').responses['200']?.headers ?? {})).toContain('ETag');
    expect(Object.keys(op('patch /v1/links/{code}').responses['200']?.headers ?? {})).toContain('ETag');
  });

  it('declares the ETag of a create on a versioned collection, and the one If-Match of channels and GS1 links', async () => {
    const doc = (await call(api, null, 'GET', '/v1/openapi.json')).body as Doc;
    const op = (key: string) => operationsOf(doc).find((o) => o.key === key)!.op;
    const etagOn = (key: string, status: string) =>
      Object.keys(op(key).responses[status]?.headers ?? {}).includes('ETag');
    expect([etagOn('post /v1/links', '201'), etagOn('post /v1/channels', '201')]).toEqual([true, true]);
    expect(etagOn('post /v1/gs1/exports', '202')).toBe(false);
    for (const key of ['patch /v1/channels/{id}', 'delete /v1/channels/{id}', 'delete /v1/gs1/links/{path}']) {
      expect({ key, ifMatch: op(key).parameters?.some((p) => p.name === 'If-Match') }).toEqual({ key, ifMatch: true });
    }
    expect(etagOn('get /v1/gs1/links/{path}', '200')).toBe(true);
  });

  it('declares the headers every response carries, and 429 and 500 on every API-key operation', async () => {
    const doc = (await call(api, null, 'GET', '/v1/openapi.json')).body as Doc;
    const keyed = operationsOf(doc).filter(({ op }) => op.security?.some((r) => 'api_key' in r));
    expect(keyed.length).toBeGreaterThan(20);
    for (const { key, op } of keyed) {
      expect({ key, statuses: ['429', '500'].filter((s) => op.responses[s]) }).toEqual({
        key,
        statuses: ['429', '500'],
      });
      expect({ key, headers: Object.keys(op.responses['429']?.headers ?? {}).sort() }).toEqual({
        key,
        headers: ['RateLimit', 'RateLimit-Policy', 'Retry-After', 'x-request-id'],
      });
      expect({
        key,
        ok: Object.keys(Object.entries(op.responses).find(([s]) => s.startsWith('2'))?.[1]?.headers ?? {}),
      }).toEqual({ key, ok: expect.arrayContaining(['x-request-id', 'RateLimit']) });
    }
  });
});

type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { name: string; schema?: unknown }[];
  responses: Record<string, { headers?: Record<string, unknown>; content?: unknown }>;
  'x-required-scopes'?: string[];
};
type Doc = {
  servers: { url: string }[];
  tags: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
};

function operationsOf(doc: Doc): { key: string; op: Operation }[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ key: `${method} ${path}`, op })),
  );
}
