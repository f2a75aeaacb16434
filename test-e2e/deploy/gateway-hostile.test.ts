import { GATEWAY_ROUTES } from '../../apps/embedded/src/gateway-routes';
import { hostilePassFailures } from '../system/support/hostile-pass';
import { startGateway, type RunningGateway } from './support/nginx-gateway';

const API_HOST = 'api.waymark.test';
/** One path per route prefix, the console's files and an unknown path: each reaches its own location block. */
const API_PATHS = [
  '/',
  '/index.html',
  '/nowhere',
  '/healthz',
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

// nginx in front of stand-ins that answer 200 to whatever reaches them: a 5xx here is nginx's own (a 502 when it
// forwards what an upstream cannot parse), never a service's.
describe('the API gateway (nginx) under hostile input', () => {
  let gateway: RunningGateway;
  beforeAll(async () => {
    gateway = await startGateway(API_HOST);
  });
  afterAll(async () => {
    await gateway?.stop();
  });

  it('answers every class of hostile request on every location below 500', async () => {
    expect(GATEWAY_ROUTES.filter((route) => !API_PATHS.some((path) => route.matches(path)))).toEqual([]);
    const failures = await hostilePassFailures([
      { name: 'api host', port: gateway.port, host: API_HOST, paths: API_PATHS },
      { name: 'visitor host', port: gateway.port, host: 'go.brand.example', paths: ['/', '/x', '/01/09506000134352'] },
    ]);
    expect(failures).toEqual([]);
    expect((await gateway.send('GET', API_HOST, '/v1/links')).servedBy).toBe('link-api');
  });
});
