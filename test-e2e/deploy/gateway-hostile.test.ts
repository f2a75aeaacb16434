import { GATEWAY_ROUTES } from '../../apps/embedded/src/gateway-routes';
import { hostilePassFailures } from '@waymark/testkit';
import { startGateway, type RunningGateway } from './support/nginx-gateway';

const API_HOST = 'api.waymark.test';
/** Each route's example path, the console's files and an unknown path: each reaches its own location block. */
const API_PATHS = ['/', '/index.html', '/nowhere', '/healthz', ...GATEWAY_ROUTES.map((route) => route.example)];

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
    const failures = await hostilePassFailures([
      { name: 'api host', port: gateway.port, host: API_HOST, paths: API_PATHS },
      { name: 'visitor host', port: gateway.port, host: 'go.brand.example', paths: ['/', '/x', '/01/09506000134352'] },
    ]);
    expect(failures).toEqual([]);
    expect((await gateway.send('GET', API_HOST, '/v1/links')).servedBy).toBe('link-api');
  });
});
