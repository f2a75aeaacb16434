import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { createHttpApp } from '@waymark/http';
import { createLogger } from '@waymark/logging';
import { DomainError, ERROR_CODES, ErrorBody, ErrorCodeSchema, type ErrorCode } from './errors';
import { parseOrThrow } from './validation';

// The behaviour of the error catalog is what a client sees: each code, thrown by a use case or raised by the shared
// HTTP edge, answered through a real request to the express app every service builds (`@waymark/http`).
class TransientOutage extends Error {
  readonly code = 'ECONNREFUSED';
}

let server: Server;
let base: string;

beforeAll(async () => {
  const app = createHttpApp({
    service: 'errors-test',
    logger: createLogger({ service: 'errors-test', level: 'silent' }),
    bodyLimit: 64,
    mount: (express) => {
      express.get('/throw/:code', (req) => {
        const code = ErrorCodeSchema.parse(req.params.code);
        throw new DomainError(code, `failed with ${code}`, req.query.details ? { field: 'name' } : undefined);
      });
      express.post('/parse', (req, res) => {
        res.json(parseOrThrow(z.strictObject({ a: z.number(), b: z.string() }), req.body));
      });
      express.get('/bug', () => {
        throw new Error('secret connection string postgres://u:p@db');
      });
      express.get('/outage', () => {
        throw new TransientOutage('connect ECONNREFUSED 127.0.0.1:5432');
      });
    },
  });
  server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function call(path: string, init?: RequestInit): Promise<{ status: number; headers: Headers; body: unknown }> {
  const response = await fetch(`${base}${path}`, init);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  return { status: response.status, headers: response.headers, body: await response.json() };
}

/** The whole body, checked strictly: `{error, code}` and `details` only when the failure carries some. */
const StrictErrorBody = ErrorBody.strict();

describe('a DomainError thrown by a route', () => {
  it.each(ERROR_CODES)('answers %s with its status and an {error, code} body', async (code: ErrorCode) => {
    const { status, body } = await call(`/throw/${code}`);
    expect(status).toBe(new DomainError(code, 'probe').status);
    expect(status).toBeGreaterThanOrEqual(code === 'internal_error' || code === 'unavailable' ? 500 : 400);
    expect(status).toBeLessThan(code === 'internal_error' || code === 'unavailable' ? 600 : 500);
    expect(StrictErrorBody.parse(body)).toEqual({ error: `failed with ${code}`, code });
  });

  it('keeps its details beside error and code', async () => {
    const { status, body } = await call('/throw/conflict?details=1');
    expect(status).toBe(409);
    expect(StrictErrorBody.parse(body)).toEqual({
      error: 'failed with conflict',
      code: 'conflict',
      details: { field: 'name' },
    });
  });

  it('asks for the API key as a bearer token on 401', async () => {
    const { status, headers } = await call('/throw/unauthorized');
    expect(status).toBe(401);
    expect(headers.get('www-authenticate')).toBe('Bearer realm="waymark"');
  });
});

describe('codes the shared HTTP edge raises itself', () => {
  it('answers a path no route serves with 404 not_found', async () => {
    expect(await call('/nowhere')).toMatchObject({ status: 404, body: { error: 'Not found', code: 'not_found' } });
  });

  it('answers a method the path does not serve with 405 method_not_allowed and Allow', async () => {
    const { status, headers, body } = await call('/bug', { method: 'DELETE' });
    expect({ status, allow: headers.get('allow') }).toEqual({ status: 405, allow: 'GET, HEAD' });
    expect(StrictErrorBody.parse(body)).toMatchObject({ code: 'method_not_allowed' });
  });

  it('answers a body that is not JSON with 415, bad JSON with 400 and a body over the limit with 413', async () => {
    const post = (body: string, type = 'application/json') =>
      call('/parse', { method: 'POST', headers: { 'content-type': type }, body });
    expect(await post('a,b\n1,2', 'text/csv')).toMatchObject({ status: 415, body: { code: 'unsupported_media_type' } });
    expect(await post('{"a":')).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
    expect(await post(JSON.stringify({ a: 1, b: 'x'.repeat(100) }))).toMatchObject({
      status: 413,
      body: { code: 'payload_too_large' },
    });
  });

  it('answers a body that fails its schema with 400 validation_failed naming every bad field', async () => {
    const { status, body } = await call('/parse', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ a: 'x', c: 1 }),
    });
    expect(status).toBe(400);
    const parsed = StrictErrorBody.parse(body);
    expect(parsed.code).toBe('validation_failed');
    expect(parsed.error).toMatch(/^a: .* \(and 2 more\)$/);
    expect((parsed.details as Array<{ path: string }>).map((d) => d.path).sort()).toEqual(['', 'a', 'b']);
  });

  it('hides an unexpected error behind 500 internal_error, never its message', async () => {
    const { status, body } = await call('/bug');
    expect(status).toBe(500);
    expect(body).toEqual({ error: 'Internal server error', code: 'internal_error' });
  });

  it('answers an unreachable dependency with 503 unavailable and Retry-After', async () => {
    const { status, headers, body } = await call('/outage');
    expect(status).toBe(503);
    expect(Number(headers.get('retry-after'))).toBeGreaterThan(0);
    expect(StrictErrorBody.parse(body)).toMatchObject({ code: 'unavailable' });
  });
});
