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
  await promisify(execFile)(process.execPath, ['scripts/tsoa-generate.js', 'test/fixture/tsoa.json'], { cwd: path.resolve(__dirname, '..') });
  ({ RegisterRoutes: registerRoutes } = await import('./fixture/src/generated/routes'));
}, 60_000);

function fixtureApp() {
  const useCases = widgetUseCases({ store: inMemoryWidgetStore(), newId: () => 'w-1' });
  return createHttpApp({
    service: 'fixture',
    logger: captureLogger('fixture').logger,
    authenticator: {
      async authenticate(req: Request) {
        if (req.header('x-api-key') !== 'wm_test_reader') throw new DomainError('unauthorized', 'Missing or invalid API key');
        return { tenantId: 't-1' };
      },
    },
    controllers: new ControllerContainer().register(WidgetsController, () => new WidgetsController(useCases)),
    mount: (app) => registerRoutes(app),
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
    const csv = await request(app).post('/v1/widgets').set('content-type', 'text/csv').send('name,size\ngear,3\n').expect(415);
    expect(csv.body.code).toBe('unsupported_media_type');
    expect(csv.headers.accept).toBe('application/json');
    await request(app).post('/v1/widgets').set('content-type', 'application/json; charset=utf-8').send('{"name":"gear","size":3}').expect(201);
    await request(app).post('/v1/widgets').set('content-type', 'text/plain').send('').expect(400);
  });

  it('names the scheme that would succeed on every 401', async () => {
    const res = await request(fixtureApp()).get('/v1/widgets/w-1').expect(401);
    expect(res.headers['www-authenticate']).toBe('Bearer realm="waymark"');
  });
});
