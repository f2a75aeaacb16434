import { readFileSync } from 'node:fs';
import { openApiPathOf } from '../../src/http/links/public-openapi';
import { call, withLinksApiAndTenant, type Api, type TestTenant } from '../support/links-fixture';

let api: Api;
let tenant: TestTenant;

withLinksApiAndTenant((started, owner) => ((api = started), (tenant = owner)));

const BAD_DOMAIN = 'not_a_host!';
/** Passes the route's type check (a string) and fails the schema, so it reaches the edge's parse. */
const BAD_PATCH = { title: 'tab\u0001bed' };

/** The field each issue of a 400 names, in order. */
function issuePaths(body: { details?: { path: string }[] }): string[] {
  return (body.details ?? []).map((issue) => issue.path);
}

describe('a request is checked before the link is looked up', () => {
  it('answers a bad PATCH body for an unknown code with 400 naming the field, not 404', async () => {
    const reply = await call(api, tenant.key, 'PATCH', '/v1/links/no-such-link', BAD_PATCH);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      error: 'title: must not contain control characters',
      code: 'validation_failed',
      details: [{ path: 'title', message: 'must not contain control characters' }],
    });
  });

  it('judges the ?domain= of a PATCH before its body', async () => {
    const path = `/v1/links/no-such-link?domain=${BAD_DOMAIN}`;
    const reply = await call(api, tenant.key, 'PATCH', path, BAD_PATCH);
    expect(reply.status).toBe(400);
    expect(reply.body.error).toMatch(/^domain: /);
    expect(issuePaths(reply.body)).toEqual(['domain']);
  });

  it('answers a bad ?domain= on GET, DELETE and QR of an unknown code with 400, not 404', async () => {
    for (const [method, path] of [
      ['GET', '/v1/links/no-such-link'],
      ['DELETE', '/v1/links/no-such-link'],
      ['GET', '/v1/links/no-such-link/qr'],
    ] as const) {
      const reply = await call(api, tenant.key, method, `${path}?domain=${BAD_DOMAIN}`);
      expect({ method, path, status: reply.status, code: reply.body?.code }).toEqual({
        method,
        path,
        status: 400,
        code: 'validation_failed',
      });
      expect(issuePaths(reply.body)).toEqual(['domain']);
    }
    const scale = await call(api, tenant.key, 'GET', '/v1/links/no-such-link/qr?scale=0');
    expect(scale.status).toBe(400);
    expect(issuePaths(scale.body)).toEqual(['scale']);
  });

  it('refuses unknown channels before screening the destination, on create and on PATCH', async () => {
    const bad = { destination: 'http://127.0.0.1/', notifyChannels: ['no-such-channel'] };
    const created = await call(api, tenant.key, 'POST', '/v1/links', bad);
    expect(created.status).toBe(400);
    expect(created.body).toMatchObject({ code: 'validation_failed', details: [{ path: 'notifyChannels' }] });
    await call(api, tenant.key, 'POST', '/v1/links', { destination: 'https://example.com/', code: 'checked' });
    const patched = await call(api, tenant.key, 'PATCH', '/v1/links/checked', bad);
    expect(patched.status).toBe(400);
    expect(patched.body).toMatchObject({ code: 'validation_failed', details: [{ path: 'notifyChannels' }] });
  });

  it('reports bad bulk rows in their results and creates the good ones', async () => {
    const reply = await call(api, tenant.key, 'POST', '/v1/links/bulk', {
      rows: [{ destination: 'https://example.com/ok' }, { destination: 'not a url' }, null],
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ requested: 3, created: 1, failed: 2 });
    expect(reply.body.results.map((r: { errorCode: string | null }) => r.errorCode)).toEqual([
      null,
      'validation_failed',
      'validation_failed',
    ]);
  });
});

describe('a body that cannot be read is a 4xx on every JSON-body operation, before authentication', () => {
  const document = JSON.parse(readFileSync(openApiPathOf('link-api'), 'utf8')) as {
    paths: Record<string, Record<string, { requestBody?: unknown }>>;
  };
  const operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([, operation]) => operation.requestBody !== undefined)
      .map(([method, operation]) => [method.toUpperCase(), path.replace(/\{\w+\}/g, 'x'), operation] as const),
  );

  it.each(operations.map(([method, path]) => [method, path]))(
    '%s %s: 400 for gzip that does not decompress, 415 for an unknown encoding, 400 for invalid UTF-8',
    async (method, path) => {
      const send = (body: Uint8Array, headers: Record<string, string>) =>
        fetch(`${api.url}${path}`, { method, body, headers: { 'content-type': 'application/json', ...headers } });
      const notGzip = await send(Buffer.from('{"name":"x"}'), { 'content-encoding': 'gzip' });
      expect([notGzip.status, ((await notGzip.json()) as { code: string }).code]).toEqual([400, 'validation_failed']);
      const unknown = await send(Buffer.from('{"name":"x"}'), { 'content-encoding': 'compress' });
      expect([unknown.status, ((await unknown.json()) as { code: string }).code]).toEqual([
        415,
        'unsupported_media_type',
      ]);
      const latin1 = await send(Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]), {});
      expect([latin1.status, ((await latin1.json()) as { error: string }).error]).toEqual([
        400,
        'body: is not valid UTF-8',
      ]);
    },
  );

  it('covers the operations that take a body', () => {
    expect(operations.length).toBeGreaterThanOrEqual(8);
  });
});
