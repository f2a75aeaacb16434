import { createLogger } from '@waymark/logging';
import { startEmbeddedGateway, type EmbeddedGateway } from '../../apps/embedded/src/embedded-gateway';
import { freePort } from '@waymark/testkit';
import { CONSOLE_CSP } from '../../apps/embedded/src/console-headers';
import { builtConsole, consoleFile, CONSOLE_DIST } from '../support/built-console';
import { askGateway, startGateway, type RunningGateway } from './support/nginx-gateway';

const API_HOST = 'api.waymark.test';
const LINK_HOST = 'go.brand.example';
const HEADERS = [
  'content-type',
  'cache-control',
  'x-content-type-options',
  'referrer-policy',
  'content-security-policy',
  'x-frame-options',
] as const;

interface Answer {
  status: number;
  headers: Record<string, string | null>;
  body: Buffer;
  servedBy: string | null;
}

/** One request through a gateway with the given Host, the compared headers picked out. */
async function ask(port: number, host: string, path: string, method = 'GET'): Promise<Answer> {
  const answer = await askGateway(port, method, host, path);
  const header = (name: string) => (answer.headers[name] as string | undefined) ?? null;
  return {
    status: answer.status,
    headers: Object.fromEntries(HEADERS.map((name) => [name, header(name)])),
    body: answer.body,
    servedBy: answer.servedBy ?? null,
  };
}

describe('the gateway serves the web console at / of the API host (deploy/nginx/gateway.conf.template)', () => {
  const built = builtConsole();
  let nginx: RunningGateway;
  let embedded: EmbeddedGateway;

  beforeAll(async () => {
    nginx = await startGateway(API_HOST);
    // The embedded gateway only answers console paths here; its upstream ports are never asked.
    const unused = await freePort();
    const upstreams = { 'link-api': unused, 'analytics-ingest': unused, notifier: unused, 'gs1-catalog': unused };
    const logger = createLogger({ service: 'test', level: 'silent' });
    embedded = await startEmbeddedGateway(0, upstreams, logger, CONSOLE_DIST);
  });
  afterAll(async () => {
    await nginx?.stop();
    await embedded?.stop();
  });

  it('answers GET / with the built index.html, revalidated on every load', async () => {
    const answer = await ask(nginx.port, API_HOST, '/');
    expect({ status: answer.status, servedBy: answer.servedBy, headers: answer.headers }).toEqual({
      status: 200,
      servedBy: null,
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-cache',
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
        'content-security-policy': CONSOLE_CSP,
        'x-frame-options': 'DENY',
      },
    });
    expect(answer.body.toString('utf8')).toBe(built.indexHtml);
  });

  it('sends a strict Content-Security-Policy and refuses framing on every console file, as the embedded gateway does', async () => {
    const policy = CONSOLE_CSP.split('; ');
    expect(policy).toEqual(
      expect.arrayContaining([
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "frame-ancestors 'none'",
      ]),
    );
    for (const path of ['/', '/index.html', ...built.assets]) {
      for (const port of [nginx.port, embedded.port]) {
        const { headers } = await ask(port, port === nginx.port ? API_HOST : 'localhost', path);
        expect({ path, csp: headers['content-security-policy'], frame: headers['x-frame-options'] }).toEqual({
          path,
          csp: CONSOLE_CSP,
          frame: 'DENY',
        });
      }
    }
  });

  it('serves every asset index.html loads with its type, cached for a year under its hashed name', async () => {
    for (const path of built.assets) {
      const answer = await ask(nginx.port, API_HOST, path);
      const type = path.endsWith('.js') ? 'text/javascript; charset=utf-8' : 'text/css; charset=utf-8';
      const { 'content-type': got, 'cache-control': cache } = answer.headers;
      expect({ path, status: answer.status, type: got, cache }).toEqual({
        path,
        status: 200,
        type,
        cache: 'public, max-age=31536000, immutable',
      });
      expect(answer.body.equals(consoleFile(path))).toBe(true);
    }
  });

  it('answers console paths as the embedded gateway does: same status, headers and body', async () => {
    const cases: [string, string][] = [
      ['GET', '/'],
      ['HEAD', '/'],
      ['GET', '/index.html'],
      ...built.assets.map((path): [string, string] => ['GET', path]),
      ['GET', '/assets/'],
      ['GET', '/assets'],
      ['GET', '/assets/no-such-file.js'],
      ['GET', '/no-such-page'],
      ['GET', '/no-such-page.html'],
      ['POST', '/'],
      ['POST', '/index.html'],
      ['DELETE', '/index.html'],
    ];
    for (const [method, path] of cases) {
      const [fromNginx, fromEmbedded] = await Promise.all([
        ask(nginx.port, API_HOST, path, method),
        ask(embedded.port, 'localhost', path, method),
      ]);
      const view = (a: Answer) => ({ method, path, status: a.status, headers: a.headers, body: a.body.toString() });
      expect(view(fromNginx)).toEqual(view(fromEmbedded));
    }
  });

  it('leaves the API routes to the API services', async () => {
    const routes: [string, string][] = [
      ['/v1/openapi.json', 'link-api'],
      ['/docs', 'link-api'],
      ['/v1/links', 'link-api'],
      ['/admin/v1/tenants', 'link-api'],
      ['/v1/analytics', 'analytics-ingest'],
      ['/v1/channels', 'notifier'],
      ['/v1/gs1/records', 'gs1-catalog'],
    ];
    for (const [path, service] of routes) {
      await expect(nginx.send('GET', API_HOST, path)).resolves.toEqual({ status: 200, servedBy: service });
    }
    const healthz = await ask(nginx.port, API_HOST, '/healthz');
    expect({ status: healthz.status, body: healthz.body.toString() }).toEqual({ status: 200, body: 'ok' });
  });

  it('keeps link domains on the redirector, console paths included', async () => {
    for (const path of ['/', '/index.html', ...built.assets, '/abc123']) {
      await expect(nginx.send('GET', LINK_HOST, path)).resolves.toEqual({ status: 200, servedBy: 'redirector' });
    }
  });
});
