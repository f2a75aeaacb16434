import { builtConsole, consoleFile } from '../../support/built-console';
import type { System } from '../support/system';
import { onboardTenant, type Tenant } from '../support/tenant';
import { visit } from '../support/visitor';
import { waitForRedirect } from '../support/visits';

/**
 * The production shape's console: nginx serves apps/console/dist at `/` of the API host, next to the API the console
 * calls on that same host, while the tenants' link domains stay with the redirector.
 */
export function consoleServed(system: () => System): void {
  describe('the web console served by the gateway', () => {
    const built = builtConsole();
    let tenant: Tenant;

    beforeAll(async () => {
      tenant = await onboardTenant(system());
    }, 60_000);

    it('answers GET / on the API host with the console index.html, revalidated on every load', async () => {
      const page = await fetch(`${system().gateway.url}/`);
      const [type, cache] = [page.headers.get('content-type'), page.headers.get('cache-control')];
      expect({ status: page.status, type, cache }).toEqual({
        status: 200,
        type: 'text/html; charset=utf-8',
        cache: 'no-cache',
      });
      expect(await page.text()).toBe(built.indexHtml);
    });

    it('serves the scripts and stylesheets of index.html, typed, cached for a year under hashed names', async () => {
      for (const path of built.assets) {
        const asset = await fetch(`${system().gateway.url}${path}`);
        const [type, cache] = [asset.headers.get('content-type'), asset.headers.get('cache-control')];
        expect({ path, status: asset.status, type, cache }).toEqual({
          path,
          status: 200,
          type: path.endsWith('.js') ? 'text/javascript; charset=utf-8' : 'text/css; charset=utf-8',
          cache: 'public, max-age=31536000, immutable',
        });
        expect(Buffer.from(await asset.arrayBuffer()).equals(consoleFile(path))).toBe(true);
      }
    });

    it('still routes the API on that host: its document, reference page and the console calls', async () => {
      const document = await system().api.raw('GET', '/v1/openapi.json');
      const title = document.body?.info?.title;
      expect({ status: document.status, title }).toEqual({ status: 200, title: 'Waymark API' });
      const reference = await fetch(`${system().gateway.url}/docs`);
      expect(reference.status).toBe(200);
      expect(await reference.text()).not.toBe(built.indexHtml);
      const destination = 'https://example.com/from-console';
      const created = await tenant.api.call('POST', '/v1/links', { destination, code: 'console' });
      expect(created.status).toBe(201);
      const listed = await tenant.api.call('GET', '/v1/links?q=console');
      expect(listed.status).toBe(200);
      expect(listed.body.links.map((link: { code: string }) => link.code)).toContain('console');
      const unknown = await system().api.raw('GET', '/v1/no-such-route');
      expect({ status: unknown.status, code: unknown.body?.code }).toEqual({ status: 404, code: 'not_found' });
    });

    it('leaves link domains to the redirector: the short link redirects, console paths are no console', async () => {
      const destination = 'https://example.com/from-console';
      await waitForRedirect(system(), tenant.domain, '/console', destination);
      const visited = await visit(system().gateway.port, tenant.domain, '/console');
      expect({ status: visited.status, location: visited.location }).toEqual({ status: 302, location: destination });
      for (const path of ['/', '/index.html', ...built.assets]) {
        const answer = await visit(system().gateway.port, tenant.domain, path);
        const console = answer.body === built.indexHtml;
        expect({ path, status: answer.status, console }).toEqual({ path, status: 404, console: false });
      }
    });
  });
}
