import { decodeQrSvg } from '@waymark/testkit';
import { call, withLinksApiAndTenant, type Api, type TestTenant } from './links-fixture';

let api: Api;
let tenant: TestTenant;

withLinksApiAndTenant((started, owner) => ((api = started), (tenant = owner)));

describe('GET /v1/links/{code}/qr', () => {
  it('serves a no-store SVG that decodes to the short URL with the scan marker, not the destination', async () => {
    await call(api, tenant.key, 'POST', '/v1/links', { destination: 'https://example.com/menu', code: 'menu' });
    const reply = await call(api, tenant.key, 'GET', '/v1/links/menu/qr');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(reply.headers.get('cache-control')).toBe('no-store');
    const decoded = await decodeQrSvg(reply.text);
    expect(decoded.texts).toEqual([`https://${tenant.domain}/menu?s=q`]);

    // Re-pointing changes where the printed code goes, never the code itself.
    await call(api, tenant.key, 'PATCH', '/v1/links/menu', { destination: 'https://example.com/new-menu' });
    expect((await call(api, tenant.key, 'GET', '/v1/links/menu/qr')).text).toBe(reply.text);
  });

  it('draws modules of `scale` px (default 8) and refuses scales outside 1..40', async () => {
    await call(api, tenant.key, 'POST', '/v1/links', { destination: 'https://example.com/', code: 'scaled' });
    const side = (svg: string) => Number(/width="(\d+)"/.exec(svg)?.[1]);
    const modules = (svg: string) => Number(/viewBox="0 0 (\d+) /.exec(svg)?.[1]);
    const byDefault = (await call(api, tenant.key, 'GET', '/v1/links/scaled/qr')).text;
    expect(side(byDefault)).toBe(modules(byDefault) * 8);
    const big = (await call(api, tenant.key, 'GET', '/v1/links/scaled/qr?scale=40')).text;
    expect(side(big)).toBe(modules(big) * 40);
    expect((await decodeQrSvg(big)).texts).toEqual([`https://${tenant.domain}/scaled?s=q`]);
    for (const scale of ['0', '41', '2.5', 'big']) {
      const refused = await call(api, tenant.key, 'GET', `/v1/links/scaled/qr?scale=${scale}`);
      expect({ scale, status: refused.status, code: refused.body?.code }).toEqual({
        scale,
        status: 400,
        code: 'validation_failed',
      });
    }
  });

  it('draws the link of the domain asked for, and 404s for an unknown code', async () => {
    await call(api, tenant.key, 'POST', '/v1/links', {
      destination: 'https://example.com/',
      code: 'both',
      domain: tenant.otherDomain,
    });
    const svg = (await call(api, tenant.key, 'GET', `/v1/links/both/qr?domain=${tenant.otherDomain}&scale=4`)).text;
    expect((await decodeQrSvg(svg)).texts).toEqual([`https://${tenant.otherDomain}/both?s=q`]);
    expect((await call(api, tenant.key, 'GET', '/v1/links/nothing/qr')).status).toBe(404);
  });
});
