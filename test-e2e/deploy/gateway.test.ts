import { existsSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { routeOf } from '../../apps/embedded/src/gateway-routes';
import { API_SERVICES, loadPublicOpenApi, openApiPathOf } from '../../services/link-api/src/http/links/public-openapi';
import { askGateway, startGateway, type RunningGateway } from './support/nginx-gateway';

const API_HOST = 'api.waymark.test';
const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'];

/** An OpenAPI path with sample values for its parameters (a GS1 path parameter spans several segments). */
const samplePath = (template: string) =>
  template.replace(/\{(\w+)\}/g, (_whole, name: string) =>
    name === 'path' ? '01/09506000134352/10/ABC1' : `sample-${name}`,
  );

/** Path template -> the API service whose own tsoa document declares it. */
function ownersOfPaths(): Map<string, string> {
  const owners = new Map<string, string>();
  for (const service of API_SERVICES) {
    const file = openApiPathOf(service);
    if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run generate\` (npm test builds first)`);
    const doc = JSON.parse(readFileSync(file, 'utf8')) as { paths: Record<string, unknown> };
    for (const template of Object.keys(doc.paths)) owners.set(template, service);
  }
  return owners;
}

describe('the API gateway (nginx with deploy/nginx/gateway.conf.template)', () => {
  let gateway: RunningGateway;
  const owners = ownersOfPaths();
  const publicDocument = loadPublicOpenApi();

  beforeAll(async () => {
    gateway = await startGateway(API_HOST);
  });
  afterAll(async () => {
    await gateway?.stop();
  });

  it('knows an owner for every path of the merged public document', () => {
    expect(Object.keys(publicDocument.paths).filter((template) => !owners.has(template))).toEqual([]);
  });

  it('routes every operation of every API service to that service, as the embedded gateway does', async () => {
    const misrouted: unknown[] = [];
    let checked = 0;
    for (const [template, owner] of owners) {
      const operations = Object.keys(
        (JSON.parse(readFileSync(openApiPathOf(owner), 'utf8')) as { paths: Record<string, object> }).paths[template]!,
      );
      for (const method of operations.filter((m) => METHODS.includes(m))) {
        const path = samplePath(template);
        const answer = await gateway.send(method.toUpperCase(), API_HOST, `${path}?limit=5`);
        const embedded = routeOf(path);
        checked += 1;
        if (answer.servedBy !== owner || embedded !== owner)
          misrouted.push({ method, path, owner, nginx: answer.servedBy, embedded });
      }
    }
    expect(misrouted).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(owners.size);
  });

  it('routes the API reference page and its script to link-api, as the embedded gateway does', async () => {
    for (const path of ['/docs', '/docs/redoc.standalone.js']) {
      expect({ path, nginx: (await gateway.send('GET', API_HOST, path)).servedBy, embedded: routeOf(path) }).toEqual({
        path,
        nginx: 'link-api',
        embedded: 'link-api',
      });
    }
  });

  it('answers unknown API paths itself with a JSON 404, and sends every other host to the redirector', async () => {
    await expect(gateway.send('GET', API_HOST, '/v2/things')).resolves.toEqual({ status: 404, servedBy: undefined });
    expect(routeOf('/v2/things')).toBeUndefined();
    for (const path of [
      '/abc123',
      '/01/09506000134352/10/ABC1?linkType=linkset',
      '/.well-known/gs1resolver',
      '/v1/links',
    ]) {
      await expect(gateway.send('GET', 'go.brand.example', path)).resolves.toEqual({
        status: 200,
        servedBy: 'redirector',
      });
    }
  });

  it('answers a malformed percent-encoding, which nginx refuses itself, as a JSON 400 in the API error shape', async () => {
    const cases: [string, string][] = [
      [API_HOST, '/v1/links/%'],
      [API_HOST, '/admin/v1/tenants/%zz'],
      [API_HOST, '/v1/email-confirmations/%'],
      ['go.brand.example', '/%'],
    ];
    for (const [host, path] of cases) {
      const answer = await askGateway(gateway.port, 'GET', host, path);
      expect({ path, status: answer.status, type: answer.headers['content-type'] }).toEqual({
        path,
        status: 400,
        type: 'application/json',
      });
      expect(JSON.parse(answer.body.toString())).toMatchObject({
        code: 'validation_failed',
        error: expect.stringMatching(/percent-encoding/),
      });
    }
  });

  it('refuses a second Authorization header itself, as a JSON 400, without asking an upstream', async () => {
    const answer = await new Promise<{ status: number; type?: string; servedBy?: unknown; body: string }>(
      (resolve, reject) => {
        // A header given two values is sent as two header lines.
        const headers: Record<string, string | string[]> = {
          host: API_HOST,
          authorization: ['Bearer wm_live_first', 'Bearer wm_live_second'],
        };
        const req = request({ host: '127.0.0.1', port: gateway.port, path: '/v1/links', headers }, (res) => {
          let body = '';
          res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
          res.once('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              type: res.headers['content-type'],
              servedBy: res.headers['x-served-by'],
              body,
            }),
          );
        });
        req.once('error', reject).end();
      },
    );
    expect({ status: answer.status, type: answer.type, servedBy: answer.servedBy }).toEqual({
      status: 400,
      type: 'application/json',
      servedBy: undefined,
    });
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'validation_failed' });
  });

  it('answers /healthz itself on every host, without asking an upstream', async () => {
    for (const host of [API_HOST, 'go.brand.example', '10.0.0.7']) {
      const answer = await askGateway(gateway.port, 'GET', host, '/healthz');
      expect({ host, status: answer.status, servedBy: answer.servedBy }).toEqual({
        host,
        status: 200,
        servedBy: undefined,
      });
      expect(answer.body.toString()).toBe('ok');
    }
  });

  it('keeps the redirector metrics off the public side', async () => {
    await expect(gateway.send('GET', 'go.brand.example', '/metrics')).resolves.toEqual({
      status: 404,
      servedBy: undefined,
    });
  });
});
