/**
 * The API gateway's routing table, the same as deploy/nginx/gateway.conf.template (a test keeps them in step):
 * each /v1 prefix goes to the service that owns it. Order matters: the first match wins.
 */
export type GatewayTarget = 'link-api' | 'analytics-ingest' | 'notifier' | 'gs1-catalog';

export interface GatewayRoute {
  target: GatewayTarget;
  matches(path: string): boolean;
  /** A path this route takes (and no route before it): what probes of every route, such as the hostile pass, send. */
  example: string;
}

const prefix = (p: string) => (path: string) =>
  path === p || path.startsWith(p.endsWith('/') ? p : `${p}/`) || path.startsWith(`${p}?`);

export const GATEWAY_ROUTES: readonly GatewayRoute[] = [
  // Per-link analytics belong to analytics-ingest although the path is under /v1/links.
  {
    target: 'analytics-ingest',
    matches: (path) => /^\/v1\/links\/[^/]+\/analytics$/.test(path),
    example: '/v1/links/x/analytics',
  },
  { target: 'analytics-ingest', matches: (path) => path === '/v1/analytics', example: '/v1/analytics' },
  { target: 'link-api', matches: prefix('/v1/links'), example: '/v1/links' },
  { target: 'link-api', matches: (path) => path === '/v1/openapi.json', example: '/v1/openapi.json' },
  { target: 'link-api', matches: prefix('/v1/me'), example: '/v1/me' },
  { target: 'link-api', matches: prefix('/v1/branding'), example: '/v1/branding' },
  { target: 'link-api', matches: prefix('/docs'), example: '/docs' },
  { target: 'link-api', matches: prefix('/admin/v1/'), example: '/admin/v1/tenants' },
  { target: 'notifier', matches: prefix('/v1/channels'), example: '/v1/channels' },
  { target: 'notifier', matches: prefix('/v1/email-confirmations/'), example: '/v1/email-confirmations/x' },
  { target: 'gs1-catalog', matches: prefix('/v1/gs1/'), example: '/v1/gs1/links' },
];

export function routeOf(path: string): GatewayTarget | undefined {
  return GATEWAY_ROUTES.find((route) => route.matches(path))?.target;
}
