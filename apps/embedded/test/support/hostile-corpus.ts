import { readdirSync } from 'node:fs';
import { defaultConsoleDir } from '../../src/console-static';
import { GATEWAY_ROUTES } from '../../src/gateway-routes';
import { hostileRequests, type EntryPoint } from './hostile-requests';
import { rawExchange } from './raw-exchange';

/** One request per gateway route prefix (gateway-routes.ts), so a route added there is probed here too. */
const ROUTE_SAMPLES = [
  '/v1/links',
  '/v1/links/x/analytics',
  '/v1/analytics',
  '/v1/openapi.json',
  '/v1/me',
  '/v1/branding',
  '/docs',
  '/admin/v1/tenants',
  '/v1/channels',
  '/v1/email-confirmations/x',
  '/v1/gs1/links',
];
const SERVICE_PATHS = ['/', '/healthz', '/readyz', '/metrics', '/v1/links'];
const CONCURRENCY = 8;
const ROTATION = 5;

/**
 * Every listener of the embedded process with paths that reach each of its handlers: the gateway's console files,
 * `/docs`, unknown paths and every documented API operation's path, the object store, the redirector's domain, and
 * each service's own port.
 */
export async function embeddedEntryPoints(ports: Record<string, number>, defaultDomain: string): Promise<EntryPoint[]> {
  const api = `127.0.0.1:${ports.API}`;
  const asset = readdirSync(`${defaultConsoleDir()}/assets`)[0];
  const doc = (await (await fetch(`http://${api}/v1/openapi.json`)).json()) as { paths: Record<string, unknown> };
  const operations = Object.keys(doc.paths).map((path) => path.replace(/\{[^}]+\}/g, 'x'));
  const service = (name: string, port: number | undefined): EntryPoint => ({
    name,
    port: port as number,
    host: `127.0.0.1:${port}`,
    paths: SERVICE_PATHS,
  });
  return [
    {
      name: 'gateway',
      port: ports.API as number,
      host: api,
      paths: [
        ...new Set(['/', '/index.html', `/assets/${asset}`, '/assets/', '/nowhere', ...ROUTE_SAMPLES, ...operations]),
      ],
    },
    {
      name: 'object store',
      port: ports.S3 as number,
      host: `127.0.0.1:${ports.S3}`,
      paths: ['/', '/waymark', '/waymark/x.zip'],
    },
    {
      name: 'redirector',
      port: ports.REDIRECTOR as number,
      host: defaultDomain,
      paths: [
        '/',
        '/hello',
        '/01/09506000134352/10/ABC',
        '/shop/01/09506000134352',
        '/.well-known/gs1resolver',
        '/healthz',
      ],
    },
    service('link-api', ports.LINK_API),
    service('analytics-ingest', ports.ANALYTICS),
    service('notifier', ports.NOTIFIER),
    service('gs1-catalog', ports.GS1_CATALOG),
    service('export-renderer', ports.EXPORT_RENDERER),
  ];
}

/**
 * Sends the whole hostile corpus to every path of every entry point and lists what was not a clean refusal: a 5xx,
 * or a connection closed without an answer (allowed only when the body was shorter than announced).
 */
export async function hostileCorpusFailures(entryPoints: readonly EntryPoint[]): Promise<string[]> {
  const unsampled = GATEWAY_ROUTES.filter((route) => !ROUTE_SAMPLES.some((path) => route.matches(path)));
  if (unsampled.length > 0) throw new Error(`${unsampled.length} gateway route(s) have no sample path here`);
  const work = entryPoints.flatMap((entry) =>
    entry.paths.flatMap((path, p) => {
      const { always, rotated } = hostileRequests(entry, path);
      // Each path gets every ROTATION-th of the rest, starting at its own index: an entry point with at least
      // ROTATION paths sees all of it, and the run stays seconds long.
      const share = rotated.filter((_, i) => (i + p) % ROTATION === 0);
      return [...always, ...share].map((request) => ({ entry, request }));
    }),
  );
  const failures: string[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < work.length) {
      const { entry, request } = work[next++]!;
      const answer = await rawExchange(entry.port, request.bytes, { halfClose: request.truncated });
      const clean = answer.status >= 200 && answer.status < 500;
      if (!clean && !(answer.status === 0 && request.truncated))
        failures.push(`${entry.name} ${request.label}: ${answer.head.split('\r\n')[0] || 'closed without an answer'}`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return failures;
}
