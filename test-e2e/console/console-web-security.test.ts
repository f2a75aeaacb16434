import type { Page } from 'playwright-core';
import { gs1CheckDigit } from '@waymark/gs1';
import { launchChromium, waitFor, watchPage, type LaunchedChromium, type PageWatch } from '@waymark/testkit';
import { startEmbeddedSystem, type RunningSystem } from './embedded-system';
import { collectErrors, signInWithKey } from './sign-in';

jest.setTimeout(240_000);

/** Where the tenant keeps its logo: a visitor's or a user's browser asking it would tell it who they are. */
const LOGO = 'https://logo.acme.example/logo.png';
const GTIN = `0950600013438${gs1CheckDigit('0950600013438')}`;

describe('the pages Waymark serves, in a real browser against the embedded system', () => {
  let system: RunningSystem;
  let browser: LaunchedChromium;
  let disabledShortUrl: string;
  let disabledLinkHash: string;
  /** Codes of GS1 records whose Digital Link paths percent-encode a character of the batch or the serial. */
  let encodedCodes: string[];
  const consoleErrors: string[] = [];

  const api = async (path: string, method = 'GET', body?: unknown) => {
    const auth: Record<string, string> = path.startsWith('/admin/')
      ? { authorization: `Bearer ${system.operatorToken}` }
      : { 'x-api-key': system.apiKey };
    const response = await fetch(`${system.apiUrl}${path}`, {
      method,
      headers: { ...auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  };
  /** A signed-in console page, watched for CSP violations and requests that leave the console's origin. */
  const consolePage = async (): Promise<{ page: Page; watch: PageWatch }> => {
    const page = await browser.newPage();
    const watch = await watchPage(page, system.apiUrl);
    collectErrors(page, consoleErrors);
    await signInWithKey(page, system.apiUrl, system.apiKey);
    return { page, watch };
  };

  beforeAll(async () => {
    system = await startEmbeddedSystem();
    const imported = await api('/v1/gs1/links/bulk', 'POST', {
      records: [
        { gtin: GTIN, batch: 'A/B', destination: 'https://example.com/slash' },
        { gtin: GTIN, serial: '50%OFF', destination: 'https://example.com/percent' },
      ],
    });
    const results = imported.body.results as { status: string; code: string }[];
    expect(results.map((r) => r.status)).toEqual(['created', 'created']);
    encodedCodes = results.map((r) => r.code);
    expect(encodedCodes).toEqual([`01/${GTIN}/10/A%2FB`, `01/${GTIN}/21/50%25OFF`]);
    const link = await api('/v1/links', 'POST', { destination: 'https://example.com/offer' });
    disabledShortUrl = link.body.shortUrl;
    disabledLinkHash = `#/links/${encodeURIComponent(link.body.domain)}/${link.body.code}`;
    await api(`/v1/links/${link.body.code}?domain=${link.body.domain}`, 'PATCH', { status: 'disabled' });
    const branded = await api('/v1/branding', 'PUT', { name: 'Acme', logoUrl: LOGO });
    expect(branded.status).toBe(200);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await system?.stop();
  });

  it('opens GS1 records whose paths carry percent-encoded characters from the list', async () => {
    const { page } = await consolePage();
    for (const code of encodedCodes) {
      await page.goto(`${system.apiUrl}/#/gs1`);
      await page.getByRole('link', { name: code, exact: true }).click();
      await page.getByRole('heading', { name: code, level: 1 }).waitFor();
      await page.getByText(/live: the resolver serves/).waitFor();
    }
    await page.close();
  });

  it('sends a Content-Security-Policy and refuses framing on the console, /docs and visitor pages', async () => {
    const pages = [`${system.apiUrl}/`, `${system.apiUrl}/index.html`, `${system.apiUrl}/docs`, disabledShortUrl];
    for (const url of pages) {
      const answer = await fetch(url, { redirect: 'manual' });
      const csp = answer.headers.get('content-security-policy') ?? '';
      expect({
        url,
        frameAncestors: /frame-ancestors 'none'/.test(csp),
        xfo: answer.headers.get('x-frame-options'),
      }).toEqual({ url, frameAncestors: true, xfo: 'DENY' });
      expect({ url, images: /img-src 'self' data:|default-src 'none'(?!.*img-src)/.test(csp) }).toEqual({
        url,
        images: true,
      });
    }
  });

  it('shows no CSP violation on the console pages, operator pages included, nor on /docs', async () => {
    const { page, watch } = await consolePage();
    const record = `#/gs1/${encodeURIComponent(`localhost:${system.visitorPort}`)}/01/${GTIN}/10/A%252FB`;
    const visits: [string, string][] = [
      ['#/links', 'Links'],
      [disabledLinkHash, disabledShortUrl],
      ['#/channels', 'Channels'],
      ['#/analytics', 'Analytics'],
      ['#/gs1', 'GS1 Digital Links'],
      [record, `01/${GTIN}/10/A%2FB`],
      ['#/exports', 'GS1 exports'],
      ['#/key', 'This key'],
    ];
    for (const [hash, heading] of visits) {
      await page.goto(`${system.apiUrl}/${hash}`);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
    }
    await page.getByTestId('branding-preview').filter({ hasText: 'Acme' }).waitFor();

    await page.goto(`${system.apiUrl}/#/operator`);
    await page.getByLabel('Operator token').fill(system.operatorToken);
    await page.getByRole('button', { name: 'Sign in as operator' }).click();
    await page.goto(`${system.apiUrl}/#/operator/tenants/${encodeURIComponent(system.defaultTenantId)}`);
    await page.getByRole('form', { name: "Branding of the redirector's pages" }).getByLabel('Brand name').waitFor();
    await page.getByTestId('branding-preview').filter({ hasText: 'Acme' }).waitFor();

    await page.goto(`${system.apiUrl}/docs`);
    await page.locator('h2', { hasText: 'Create a link' }).first().waitFor({ timeout: 60_000 });
    expect(watch.violations).toEqual([]);
    // The resolver preview asks the tenant's own link domain (the embedded redirector); nothing else leaves.
    const visitorOrigin = `http://localhost:${system.visitorPort}`;
    expect(watch.foreignRequests.filter((url) => !url.startsWith(`${visitorOrigin}/`))).toEqual([]);
    await page.close();
  });

  it("never draws a tenant's logo from the tenant's host, on visitor pages or in the console", async () => {
    const visitor = await browser.newPage();
    const watch = await watchPage(visitor, new URL(disabledShortUrl).origin);
    await waitFor(async () => (await fetch(disabledShortUrl)).headers.get('content-type')?.startsWith('text/html'), {
      message: 'branded page at the redirector',
    });
    await visitor.goto(disabledShortUrl);
    await visitor.getByText('Acme').first().waitFor();
    expect(await visitor.locator('img').count()).toBe(0);
    expect(watch.violations).toEqual([]);
    expect(watch.foreignRequests).toEqual([]);
    await visitor.close();
  });

  it('logged no error in the browser console', () => {
    expect(consoleErrors).toEqual([]);
  });
});
