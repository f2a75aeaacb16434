import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { launchChromium, watchPage, type LaunchedChromium } from '@waymark/testkit';
import { loadPublicOpenApi } from '../../src/http/links/public-openapi';
import { startLinksApi, type Api } from '../support/links-fixture';

let api: Api;
let chromium: LaunchedChromium;

beforeAll(async () => {
  [api, chromium] = await Promise.all([startLinksApi(), launchChromium()]);
}, 60_000);

afterAll(async () => {
  await chromium?.close();
  await api?.stop();
});

/** Every operation of the public document, as Redoc names it in its menu. */
function operationSummaries(): string[] {
  const paths = loadPublicOpenApi().paths as Record<string, Record<string, { summary?: string }>>;
  return Object.values(paths).flatMap((item) => Object.values(item).map((op) => op.summary ?? ''));
}

describe('GET /docs in a headless browser', () => {
  it('renders every operation of the public document, each with its summary', async () => {
    const page = await chromium.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const watch = await watchPage(page, new URL(api.url).origin);
    await page.goto(`${api.url}/docs`);

    await page.locator('h2', { hasText: 'Create a link' }).first().waitFor({ timeout: 30_000 });
    const headings = await page.locator('h2').allInnerTexts();
    const summaries = operationSummaries();
    expect(summaries.length).toBeGreaterThan(30);
    expect(summaries.filter((summary) => !headings.includes(summary))).toEqual([]);
    expect(errors).toEqual([]);
    // Its Content-Security-Policy holds: nothing refused, nothing fetched from another host (Redocly's CDN logo).
    expect(watch.violations).toEqual([]);
    expect(watch.foreignRequests).toEqual([]);
  }, 90_000);

  it('is not drawn inside a frame of another site', async () => {
    const docsUrl = `${api.url}/docs`;
    const framing = await serveHtml(`<!doctype html><title>framing</title><iframe src="${docsUrl}"></iframe>`);
    try {
      const page = await chromium.newPage();
      const docsAnswer = page.waitForResponse((response) => response.url() === docsUrl);
      await page.goto(framing.url);
      expect((await docsAnswer).status()).toBe(200);
      // The browser refuses to draw the answer (X-Frame-Options, frame-ancestors): the frame shows no Redoc.
      await page.waitForLoadState('load');
      const frame = page.frames().find((f) => f !== page.mainFrame());
      const rendered = await frame?.evaluate(hasRedoc).catch(() => false);
      expect(rendered).toBe(false);
      await page.close();
    } finally {
      framing.server.closeAllConnections();
      await new Promise((done) => framing.server.close(done));
    }
  }, 60_000);
});

type DocumentGlobals = { document: { querySelector(selector: string): unknown } };

/** Whether Redoc is drawn in this document; runs in the frame. */
function hasRedoc(): boolean {
  return (globalThis as unknown as DocumentGlobals).document.querySelector('redoc') !== null;
}

/** Another site (127.0.0.2, where the API is on 127.0.0.1) that answers every request with `html`. */
async function serveHtml(html: string): Promise<{ url: string; server: Server }> {
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(html));
  await new Promise<void>((done) => server.listen(0, '127.0.0.2', done));
  return { url: `http://127.0.0.2:${(server.address() as AddressInfo).port}/`, server };
}
