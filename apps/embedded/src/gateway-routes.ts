/**
 * The API gateway's routing table, the same as deploy/nginx/gateway.conf.template (a test keeps them in step):
 * each /v1 prefix goes to the service that owns it. Order matters: the first match wins.
 */
export type GatewayTarget = 'link-api' | 'analytics-ingest' | 'notifier' | 'gs1-catalog';

export interface GatewayRoute {
  target: GatewayTarget;
  matches(path: string): boolean;
}

const prefix = (p: string) => (path: string) =>
  path === p || path.startsWith(p.endsWith('/') ? p : `${p}/`) || path.startsWith(`${p}?`);

export const GATEWAY_ROUTES: readonly GatewayRoute[] = [
  // Per-link analytics belong to analytics-ingest although the path is under /v1/links.
  { target: 'analytics-ingest', matches: (path) => /^\/v1\/links\/[^/]+\/analytics$/.test(path) },
  { target: 'analytics-ingest', matches: (path) => path === '/v1/analytics' },
  { target: 'link-api', matches: prefix('/v1/links') },
  { target: 'link-api', matches: (path) => path === '/v1/openapi.json' },
  { target: 'link-api', matches: prefix('/v1/me') },
  { target: 'link-api', matches: prefix('/v1/branding') },
  { target: 'link-api', matches: prefix('/docs') },
  { target: 'link-api', matches: prefix('/admin/v1/') },
  { target: 'notifier', matches: prefix('/v1/channels') },
  { target: 'notifier', matches: prefix('/v1/email-confirmations/') },
  { target: 'gs1-catalog', matches: prefix('/v1/gs1/') },
];

export function routeOf(path: string): GatewayTarget | undefined {
  return GATEWAY_ROUTES.find((route) => route.matches(path))?.target;
}
