import { hostilePassFailures, type EntryPoint } from '@waymark/testkit';
import type { System } from '../support/system';

/**
 * The raw-socket hostile pass against the production shape: through nginx to every documented operation, the
 * console and the visitor side, and to each service instance's own port. Zero 5xx, and every service still running.
 */
export function hostileRequests(system: () => System): void {
  describe('hostile requests through the gateway and at every service', () => {
    it('answers every class of hostile request below 500, and no service stops', async () => {
      const { gateway, openApi, services } = system();
      const operations = Object.keys(openApi.paths).map((path) => path.replace(/\{[^}]+\}/g, 'x'));
      const entryPoints: EntryPoint[] = [
        {
          name: 'api host',
          port: gateway.port,
          host: gateway.apiHost,
          paths: [...new Set(['/', '/index.html', '/nowhere', '/docs', '/admin/v1/tenants', ...operations])],
        },
        {
          name: 'visitor host',
          port: gateway.port,
          host: 'go.hostile.example',
          paths: ['/', '/x', '/01/09506000134352'],
        },
        ...[...services.values()].map((service) => ({
          name: service.name,
          port: service.port,
          host: `127.0.0.1:${service.port}`,
          paths: ['/', '/healthz', '/v1/links', '/x', '/01/09506000134352'],
        })),
      ];
      expect(await hostilePassFailures(entryPoints)).toEqual([]);
      const stopped = [...services.values()].filter((service) => service.proc.hasExited).map((service) => service.name);
      expect(stopped).toEqual([]);
    }, 300_000);
  });
}
