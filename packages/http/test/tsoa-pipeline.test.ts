import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Request } from 'express';
import request from 'supertest';
import { ControllerContainer, createHttpApp, mergeOpenApi, type Authenticator } from '../src';
import { DomainError } from './fixture/src/domain-error';
import { inMemoryWidgetStore, widgetUseCases } from './fixture/src/widget-use-cases';
import { WidgetsController } from './fixture/src/widgets.controller';
import { captureLogger } from './support/capture-logger';

const PACKAGE_DIR = path.resolve(__dirname, '..');
const GENERATED = path.join(__dirname, 'fixture', 'src', 'generated');

/** Keys the fixture's authenticator knows: a stand-in for the API key store of the real one. */
const KEYS: Record<string, { tenantId: string; scopes: string[] }> = {
  wm_test_reader: { tenantId: 't-1', scopes: ['links:read'] },
  wm_test_writer: { tenantId: 't-1', scopes: ['links:write'] },
};

const authenticator: Authenticator & { calls: { securityName: string; scopes: readonly string[] }[] } = {
  calls: [],
  async authenticate(req: Request, securityName, scopes) {
    authenticator.calls.push({ securityName, scopes });
    const key = KEYS[req.header('x-api-key') ?? ''];
    if (!key) throw new DomainError('unauthorized', 'Missing or invalid API key');
    const missing = scopes.filter((s) => !key.scopes.includes(s));
    if (missing.length > 0) throw new DomainError('insufficient_scope', `Missing scope: ${missing.join(', ')}`);
    return key;
  },
};

let registerRoutes: (app: import('express').Router) => void;

beforeAll(async () => {
  // The real pipeline, as a service's "generate" script runs it.
  await promisify(execFile)(process.execPath, ['scripts/tsoa-generate.js', 'test/fixture/tsoa.json'], {
    cwd: PACKAGE_DIR,
  });
  ({ RegisterRoutes: registerRoutes } = await import('./fixture/src/generated/routes'));
}, 60_000);

function fixtureApp() {
  let nextId = 0;
  const useCases = widgetUseCases({ store: inMemoryWidgetStore(), newId: () => `w-${++nextId}` });
  return createHttpApp({
    service: 'fixture',
    logger: captureLogger('fixture').logger,
    authenticator,
    controllers: new ControllerContainer().register(WidgetsController, () => new WidgetsController(useCases)),
    mount: (app) => registerRoutes(app),
  });
}

describe('tsoa pipeline', () => {
  it('creates with 201 through a controller built from injected use cases', async () => {
    const res = await request(fixtureApp()).post('/v1/widgets').send({ name: 'gear', size: 3 }).expect(201);
    expect(res.body).toEqual({ id: 'w-1', name: 'gear', size: 3 });
  });

  it('refuses an invalid body with 400 validation_failed and the failing fields', async () => {
    const res = await request(fixtureApp())
      .post('/v1/widgets')
      .send({ name: '', size: 1.5, colour: 'red' })
      .expect(400);
    expect(res.body.code).toBe('validation_failed');
    const paths = (res.body.details as { path: string }[]).map((i) => i.path).sort();
    expect(res.body.error).toMatch(/^body\.\w+: .+ \(and 2 more\)$/);
    expect(paths).toEqual(['body.colour', 'body.name', 'body.size']);
  });

  it('maps a DomainError thrown by a use case', async () => {
    const app = fixtureApp();
    await request(app).post('/v1/widgets').send({ name: 'gear', size: 3 }).expect(201);
    await request(app)
      .post('/v1/widgets')
      .send({ name: 'gear', size: 4 })
      .expect(409, { error: 'A widget named gear exists', code: 'code_taken', details: { name: 'gear' } });
  });

  it('runs the injected authenticator with the route scheme and scopes', async () => {
    const app = fixtureApp();
    await request(app).post('/v1/widgets').send({ name: 'gear', size: 3 }).expect(201);
    authenticator.calls.length = 0;
    await request(app)
      .get('/v1/widgets/w-1')
      .expect(401, { error: 'Missing or invalid API key', code: 'unauthorized' });
    await request(app).get('/v1/widgets/w-1').set('x-api-key', 'wm_test_writer').expect(403, {
      error: 'Missing scope: links:read',
      code: 'insufficient_scope',
    });
    const ok = await request(app).get('/v1/widgets/w-1').set('x-api-key', 'wm_test_reader').expect(200);
    expect(ok.body).toEqual({ id: 'w-1', name: 'gear', size: 3, ownerId: 't-1' });
    expect(authenticator.calls).toEqual(Array(3).fill({ securityName: 'api_key', scopes: ['links:read'] }));
    await request(app)
      .get('/v1/widgets/w-9')
      .set('x-api-key', 'wm_test_reader')
      .expect(404, { error: 'No such widget', code: 'not_found' });
  });

  it('treats an authenticator that fails for another reason as a server fault, not a bad key', async () => {
    const app = createHttpApp({
      service: 'fixture',
      logger: captureLogger('fixture').logger,
      authenticator: { authenticate: async () => Promise.reject(new Error('redis down')) },
      controllers: new ControllerContainer(),
      mount: (a) => registerRoutes(a),
    });
    await request(app).get('/v1/widgets/w-1').expect(500, { error: 'Internal server error', code: 'internal_error' });
  });

  it('writes an OpenAPI 3 document that documents the routes, security and error bodies, and merges', () => {
    const doc = JSON.parse(readFileSync(path.join(GENERATED, 'openapi.json'), 'utf8'));
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths).sort()).toEqual(['/v1/widgets', '/v1/widgets/{id}']);
    expect(doc.paths['/v1/widgets/{id}'].get.security).toEqual([{ api_key: ['links:read'] }]);
    expect(doc.paths['/v1/widgets'].post.responses['400'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/HttpErrorBody',
    });
    const merged = mergeOpenApi([doc], { title: 'Waymark API', version: '1.0' });
    expect(merged.info).toEqual({ title: 'Waymark API', version: '1.0' });
    expect(merged.components.schemas?.Widget).toEqual(doc.components.schemas.Widget);
  });
});
