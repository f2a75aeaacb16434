import request from 'supertest';
import { z } from 'zod';
import { refusedConnectionError } from '@waymark/testkit';
import { createHttpApp, type ReadinessChecks } from '../src';
import { DomainError } from './fixture/src/domain-error';
import { captureLogger } from './support/capture-logger';

function appWith(
  options: {
    readiness?: ReadinessChecks;
    bodyLimit?: number;
    trustProxy?: boolean | number;
    logLevel?: 'debug' | 'info';
  } = {},
) {
  const captured = captureLogger('http-test', options.logLevel);
  const app = createHttpApp({
    service: 'http-test',
    logger: captured.logger,
    readiness: options.readiness,
    readinessTimeoutMs: 200,
    bodyLimit: options.bodyLimit,
    trustProxy: options.trustProxy,
    mount: (a) => {
      a.get('/ip', (req, res) => void res.json({ ip: req.ip }));
      a.post('/echo', (req, res) => void res.json(req.body));
      a.get('/items/:id', (req, res) => void res.json({ id: req.params.id }));
      a.get('/taken', () => {
        throw new DomainError('code_taken', 'That code is taken', { code: 'abc' });
      });
      a.get('/zod', () => {
        z.object({ limit: z.number().max(200) }).parse({ limit: 500 });
      });
      a.get('/dependency-down', async () => {
        throw new Error('listing links failed', { cause: await refusedConnectionError() });
      });
      a.get('/boom', async () => {
        throw new Error('database password=hunter2 at /srv/app.ts:12');
      });
    },
  });
  return { app, ...captured };
}

describe('createHttpApp', () => {
  it('mints a request id, echoes it, and logs the request under it', async () => {
    const { app, lines } = appWith();
    const res = await request(app).get('/items/42').expect(200, { id: '42' });
    const id = res.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines.find((l) => l.reqId === id && l.msg === 'request completed')).toBeDefined();
  });

  it('never writes API keys or cookies into the request log', async () => {
    const { app, lines } = appWith();
    await request(app)
      .get('/items/1')
      .set('x-api-key', 'wm_live_secret1')
      .set('authorization', 'Bearer wm_live_secret2')
      .set('cookie', 'sid=abc');
    const line = lines.find((l) => l.msg === 'request completed');
    expect(line).toMatchObject({
      req: { headers: { 'x-api-key': '[redacted]', authorization: '[redacted]', cookie: '[redacted]' } },
    });
    expect(JSON.stringify(lines)).not.toMatch(/wm_live_secret|sid=abc/);
  });

  it('logs successful requests at debug only: at info just failures are written, each under its request id', async () => {
    const { app, lines } = appWith({ logLevel: 'info' });
    await request(app).get('/items/1').expect(200);
    const taken = await request(app).get('/taken').expect(409);
    const boom = await request(app).get('/boom').expect(500);
    const completed = lines.filter((l) => l.msg === 'request completed');
    expect(completed.map((l) => [l.level, l.reqId, (l.res as { statusCode: number }).statusCode])).toEqual([
      ['warn', taken.headers['x-request-id'], 409],
      ['error', boom.headers['x-request-id'], 500],
    ]);
    expect(lines.find((l) => l.msg === 'unhandled error')).toMatchObject({
      level: 'error',
      reqId: boom.headers['x-request-id'],
    });
  });

  it('answers 503 unavailable with Retry-After when a dependency refuses the connection, logged as a warning', async () => {
    const { app, lines } = appWith({ logLevel: 'info' });
    const res = await request(app).get('/dependency-down').expect(503);
    expect(res.body).toEqual({
      error: 'A service this request depends on is unreachable; try again shortly',
      code: 'unavailable',
    });
    expect(res.headers['retry-after']).toBe('5');
    expect(lines.find((l) => l.msg === 'a dependency is unreachable; answered 503')).toMatchObject({
      level: 'warn',
      reqId: res.headers['x-request-id'],
    });
    expect(lines.find((l) => l.msg === 'unhandled error')).toBeUndefined();
  });

  it('keeps a sane incoming x-request-id and replaces an unsafe one', async () => {
    const { app } = appWith();
    const kept = await request(app).get('/items/1').set('x-request-id', 'gw-123.abc').expect(200);
    expect(kept.headers['x-request-id']).toBe('gw-123.abc');
    const replaced = await request(app).get('/items/1').set('x-request-id', 'a b\tc{}').expect(200);
    expect(replaced.headers['x-request-id']).not.toBe('a b\tc{}');
  });

  it('answers /healthz without consulting dependencies', async () => {
    const { app } = appWith({ readiness: { db: async () => false } });
    await request(app).get('/healthz').expect(200, { status: 'ok' });
  });

  it('reports ready when every check passes', async () => {
    const { app } = appWith({ readiness: { db: async () => true, kafka: async () => true } });
    await request(app)
      .get('/readyz')
      .expect(200, { status: 'ok', checks: { db: 'ok', kafka: 'ok' } });
  });

  it('answers 503 naming the checks that failed, threw or timed out', async () => {
    const { app } = appWith({
      readiness: {
        db: async () => true,
        redis: async () => false,
        kafka: () => new Promise<boolean>(() => undefined),
        s3: async () => {
          throw new Error('ECONNREFUSED');
        },
      },
    });
    const res = await request(app).get('/readyz').expect(503);
    expect(res.body).toEqual({
      error: 'Not ready: redis, kafka, s3',
      code: 'unavailable',
      details: { checks: { db: 'ok', redis: 'failed', kafka: 'timeout', s3: 'failed' } },
    });
  });

  it('exposes default metrics and a request histogram labelled by route template', async () => {
    const { app } = appWith();
    await request(app).get('/items/7').expect(200);
    await request(app).get('/items/8').expect(200);
    await request(app).get('/nowhere').expect(404);
    const res = await request(app).get('/metrics').expect(200);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    expect(res.text).toMatch(/process_cpu_user_seconds_total\{service="http-test"\}/);
    expect(res.text).toContain(
      'http_request_duration_seconds_count{service="http-test",route="/items/:id",method="GET",status_code="200"} 2',
    );
    expect(res.text).toContain(
      'http_request_duration_seconds_count{service="http-test",route="unmatched",method="GET",status_code="404"} 1',
    );
    expect(res.text).not.toContain('/items/7');
  });

  it('parses JSON bodies and refuses ones over the limit with 413 payload_too_large', async () => {
    const { app } = appWith({ bodyLimit: 64 });
    await request(app).post('/echo').send({ a: 1 }).expect(200, { a: 1 });
    await request(app)
      .post('/echo')
      .send({ a: 'x'.repeat(100) })
      .expect(413, { error: 'Request body is too large', code: 'payload_too_large' });
  });

  it('turns malformed JSON into 400 validation_failed', async () => {
    const { app } = appWith();
    const res = await request(app).post('/echo').set('content-type', 'application/json').send('{"a":').expect(400);
    expect(res.body).toEqual({
      error: 'body: is not valid JSON',
      code: 'validation_failed',
      details: [{ path: 'body', message: 'is not valid JSON' }],
    });
  });

  it('answers unknown routes with a JSON 404 not_found', async () => {
    const { app } = appWith();
    await request(app).delete('/v1/nothing').expect(404, { error: 'Not found', code: 'not_found' });
  });

  it('maps a DomainError to its status and {error, code, details}', async () => {
    const { app } = appWith();
    await request(app)
      .get('/taken')
      .expect(409, { error: 'That code is taken', code: 'code_taken', details: { code: 'abc' } });
  });

  it('maps a zod error to 400 validation_failed with the failing paths', async () => {
    const { app } = appWith();
    const res = await request(app).get('/zod').expect(400);
    expect(res.body.code).toBe('validation_failed');
    expect(res.body.details).toEqual([{ path: 'limit', message: expect.stringMatching(/200/) }]);
    expect(res.body.error).toMatch(/^limit: /);
  });

  it('hides unexpected errors behind 500 internal_error and logs them with the request id', async () => {
    const { app, lines } = appWith();
    const res = await request(app).get('/boom').expect(500, { error: 'Internal server error', code: 'internal_error' });
    expect(res.text).not.toMatch(/hunter2|srv|at /);
    const logged = lines.find((l) => l.msg === 'unhandled error');
    expect(logged).toMatchObject({
      reqId: res.headers['x-request-id'],
      err: { message: expect.stringContaining('hunter2') },
    });
    expect((logged?.err as { stack?: string }).stack).toBeDefined();
  });

  it('believes X-Forwarded-For only from trusted proxies', async () => {
    const spoofed = await request(appWith().app).get('/ip').set('x-forwarded-for', '203.0.113.9').expect(200);
    expect(spoofed.body.ip).not.toBe('203.0.113.9');
    const behindGateway = await request(appWith({ trustProxy: 1 }).app)
      .get('/ip')
      .set('x-forwarded-for', '203.0.113.9')
      .expect(200);
    expect(behindGateway.body.ip).toBe('203.0.113.9');
  });

  it('does not log probe traffic', async () => {
    const { app, lines } = appWith();
    await request(app).get('/healthz').expect(200);
    await request(app).get('/metrics').expect(200);
    expect(lines.filter((l) => l.msg === 'request completed')).toHaveLength(0);
  });
});
