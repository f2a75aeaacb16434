import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Request } from 'express';
import request from 'supertest';
import { ControllerContainer, createHttpApp } from '../src';
import { DomainError } from './fixture/src/domain-error';
import { inMemoryWidgetStore, widgetUseCases } from './fixture/src/widget-use-cases';
import { WidgetsController } from './fixture/src/widgets.controller';
import { captureLogger } from './support/capture-logger';

let registerRoutes: (app: import('express').Router) => void;

beforeAll(async () => {
  await promisify(execFile)(process.execPath, ['scripts/tsoa-generate.js', 'test/fixture/tsoa.json'], {
    cwd: path.resolve(__dirname, '..'),
  });
  ({ RegisterRoutes: registerRoutes } = await import('./fixture/src/generated/routes'));
}, 60_000);

function fixtureApp(corsOrigins?: readonly string[]) {
  const useCases = widgetUseCases({ store: inMemoryWidgetStore(), newId: () => 'w-1' });
  return createHttpApp({
    service: 'fixture',
    logger: captureLogger('fixture').logger,
    authenticator: {
      async authenticate(req: Request) {
        if (req.header('x-api-key') !== 'wm_test_reader')
          throw new DomainError('unauthorized', 'Missing or invalid API key');
        return { tenantId: 't-1' };
      },
    },
    controllers: new ControllerContainer().register(WidgetsController, () => new WidgetsController(useCases)),
    mount: (app) => registerRoutes(app),
    corsOrigins,
  });
}

describe('HTTP conventions every service shares', () => {
  it('answers a wrong method on a known path with 405 and Allow, and an unknown path with 404', async () => {
    const app = fixtureApp();
    const wrong = await request(app).delete('/v1/widgets/w-1').expect(405);
    expect(wrong.headers.allow).toBe('GET, HEAD');
    expect(wrong.body).toEqual({ error: expect.stringContaining('DELETE'), code: 'method_not_allowed' });
    expect((await request(app).put('/v1/widgets').send({}).expect(405)).headers.allow).toBe('POST');
    await request(app).delete('/v1/gadgets/1').expect(404, { error: 'Not found', code: 'not_found' });
  });

  it('answers a body that is not JSON with 415 naming JSON, and lets JSON and empty bodies through', async () => {
    const app = fixtureApp();
    const csv = await request(app)
      .post('/v1/widgets')
      .set('content-type', 'text/csv')
      .send('name,size\ngear,3\n')
      .expect(415);
    expect(csv.body.code).toBe('unsupported_media_type');
    expect(csv.headers.accept).toBe('application/json');
    await request(app)
      .post('/v1/widgets')
      .set('content-type', 'application/json; charset=utf-8')
      .send('{"name":"gear","size":3}')
      .expect(201);
    await request(app).post('/v1/widgets').set('content-type', 'text/plain').send('').expect(400);
  });

  it('names the scheme that would succeed on every 401', async () => {
    const res = await request(fixtureApp()).get('/v1/widgets/w-1').expect(401);
    expect(res.headers['www-authenticate']).toBe('Bearer realm="waymark"');
  });

  it('sends no CORS headers unless the operator lists the origin', async () => {
    const closed = await request(fixtureApp())
      .get('/v1/widgets/w-1')
      .set('origin', 'https://console.acme.example')
      .expect(401);
    expect(closed.headers['access-control-allow-origin']).toBeUndefined();
    const app = fixtureApp(['https://console.acme.example']);
    const other = await request(app).get('/v1/widgets/w-1').set('origin', 'https://evil.example').expect(401);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const listed = await request(app).get('/v1/widgets/w-1').set('origin', 'https://console.acme.example').expect(401);
    expect(listed.headers['access-control-allow-origin']).toBe('https://console.acme.example');
    expect(listed.headers['access-control-expose-headers']).toContain('RateLimit');
    expect(listed.headers.vary).toContain('Origin');
  });

  it('answers a preflight from a listed origin with the methods and headers the API takes', async () => {
    const app = fixtureApp(['https://console.acme.example']);
    const preflight = await request(app)
      .options('/v1/widgets')
      .set('origin', 'https://console.acme.example')
      .set('access-control-request-method', 'POST')
      .set('access-control-request-headers', 'content-type, x-api-key')
      .expect(204);
    expect(preflight.headers['access-control-allow-methods']).toContain('POST');
    expect(preflight.headers['access-control-allow-headers']).toContain('x-api-key');
    expect(preflight.headers['access-control-allow-headers']).toContain('idempotency-key');
  });
});
