import { readdirSync } from 'node:fs';
import { defaultConsoleDir } from '../../src/console-static';
import { GATEWAY_ROUTES } from '../../src/gateway-routes';
import type { EntryPoint } from '@waymark/testkit';

const SERVICE_PATHS = ['/', '/healthz', '/readyz', '/metrics', '/v1/links'];

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
        ...new Set([
          '/',
          '/index.html',
          `/assets/${asset}`,
          '/assets/',
          '/nowhere',
          ...GATEWAY_ROUTES.map((route) => route.example),
          ...operations,
        ]),
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
