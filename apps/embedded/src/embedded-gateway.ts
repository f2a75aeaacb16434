import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createProxyMiddleware, type RequestHandler } from 'http-proxy-middleware';
import { repeatedCredentialHeader } from '@waymark/http';
import type { Logger } from '@waymark/logging';
import { serveConsole } from './console-static';
import { routeOf, type GatewayTarget } from './gateway-routes';

export interface EmbeddedGateway {
  port: number;
  stop(): Promise<void>;
}

const JSON_TYPE = { 'content-type': 'application/json' };
const NOT_FOUND = JSON.stringify({ error: 'No such API route', code: 'not_found' });
const MALFORMED_PATH = JSON.stringify({
  error: 'path: contains a malformed percent-encoding',
  code: 'validation_failed',
  details: [{ path: 'path', message: 'contains a malformed percent-encoding' }],
});
const UNAVAILABLE = JSON.stringify({ error: 'The service behind this route is not reachable', code: 'unavailable' });

/**
 * One API base URL for the embedded mode, routing like the nginx gateway of the production shape, so an integrator
 * talks to the same paths in both.
 */
export async function startEmbeddedGateway(
  port: number,
  upstreams: Record<GatewayTarget, number>,
  logger: Logger,
  consoleDir?: string,
): Promise<EmbeddedGateway> {
  const proxies = new Map<GatewayTarget, RequestHandler>();
  for (const [target, upstreamPort] of Object.entries(upstreams) as [GatewayTarget, number][]) {
    proxies.set(
      target,
      createProxyMiddleware({
        target: `http://127.0.0.1:${upstreamPort}`,
        xfwd: true,
        on: {
          error: (err, _req, res) => {
            logger.warn({ err, target }, 'gateway upstream error');
            if ('writeHead' in res && !res.headersSent) {
              res.writeHead(502, { 'content-type': 'application/json' }).end(UNAVAILABLE);
            }
          },
        },
      }),
    );
  }
  const server: Server = createServer((req, res) => {
    // Checked here, on the raw request: the proxy forwards node's `req.headers`, which keeps only the first.
    const repeated = repeatedCredentialHeader(req);
    if (repeated !== undefined) {
      const body = { error: `The ${repeated} header must be sent once`, code: 'validation_failed' };
      res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      return;
    }
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const target = routeOf(path);
    const proxy = target && proxies.get(target);
    if (!proxy) {
      const outcome = !target && consoleDir ? serveConsole(consoleDir, req, res, path) : 'no-file';
      if (outcome === 'served') return;
      if (outcome === 'malformed-path') res.writeHead(400, JSON_TYPE).end(MALFORMED_PATH);
      else res.writeHead(404, JSON_TYPE).end(NOT_FOUND);
      return;
    }
    void proxy(req, res, () => res.writeHead(404, JSON_TYPE).end(NOT_FOUND));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
