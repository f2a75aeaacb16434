import { withLinksApi, type Api } from '../support/links-fixture';

let api: Api;

withLinksApi((started) => {
  api = started;
});

describe('GET /docs', () => {
  it('serves the API reference page without a key, rendering /v1/openapi.json with a script from this host', async () => {
    const page = await fetch(`${api.url}/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('<redoc spec-url="/v1/openapi.json"');
    const scripts = [...html.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts).toEqual(['/docs/redoc.standalone.js']);

    const script = await fetch(`${api.url}${scripts[0]}`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect((await script.text()).length).toBeGreaterThan(100_000);
  });

  it('may not be framed and admits scripts, images and fetches from this host only', async () => {
    const page = await fetch(`${api.url}/docs`);
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    const csp = (page.headers.get('content-security-policy') ?? '').split(/;\s*/);
    expect(csp).toEqual(
      expect.arrayContaining([
        "default-src 'none'",
        "script-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "frame-ancestors 'none'",
      ]),
    );
    // Nothing in the bundle reaches for Redocly's CDN (its logo), so the page loads nothing from another host.
    const bundle = await (await fetch(`${api.url}/docs/redoc.standalone.js`)).text();
    expect(bundle).not.toContain('cdn.redoc.ly');
  });
});
