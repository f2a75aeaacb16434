import type { Page } from 'playwright-core';
import { gs1CheckDigit } from '@waymark/gs1';
import { launchChromium, waitFor, type LaunchedChromium } from '@waymark/testkit';
import { issueTenantKey } from '../support/embedded-waymark';
import { checkPage } from './check-page';
import { startEmbeddedSystem, type RunningSystem } from './embedded-system';
import { collectErrors, signInWithKey } from './sign-in';

jest.setTimeout(240_000);

const GTIN = `0950600013437${gs1CheckDigit('0950600013437')}`;
const CODE = `01/${GTIN}/10/E1`;

describe('the console record editor, branding and scopes in a real browser against the embedded system', () => {
  let system: RunningSystem;
  let browser: LaunchedChromium;
  let page: Page;
  let digitalLink: string;
  const consoleErrors: string[] = [];

  const api = async (path: string, init: { method?: string; body?: unknown; key?: string } = {}) => {
    const auth: Record<string, string> = path.startsWith('/admin/')
      ? { authorization: `Bearer ${system.operatorToken}` }
      : { 'x-api-key': init.key ?? system.apiKey };
    const response = await fetch(`${system.apiUrl}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        ...auth,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  };
  const setEntitlements = (entitlements: string[]) =>
    api(`/admin/v1/tenants/${system.defaultTenantId}/entitlements`, { method: 'PUT', body: { entitlements } });
  /** What a scan of the Digital Link (with this linkType) is redirected to by the redirector. */
  const scan = async (linkType?: string) => {
    const url = linkType ? `${digitalLink}?linkType=${linkType}` : digitalLink;
    return (await fetch(url, { redirect: 'manual' })).headers.get('location');
  };
  const signIn = async (target: Page, key: string) => {
    collectErrors(target, consoleErrors);
    await signInWithKey(target, system.apiUrl, key);
  };

  beforeAll(async () => {
    system = await startEmbeddedSystem();
    const imported = await api('/v1/gs1/links/bulk', {
      method: 'POST',
      body: { records: [{ gtin: GTIN, batch: 'E1', destination: 'https://example.com/first', tags: ['print'] }] },
    });
    expect(imported.body.results[0]).toMatchObject({ status: 'created', code: CODE });
    // The entitlement check of the editor is seen first without the resolver entitlement; a test grants it later.
    await setEntitlements([]);
    digitalLink = `http://localhost:${system.visitorPort}/${CODE}`;
    await waitFor(async () => (await scan()) === 'https://example.com/first', { message: 'record at the resolver' });
    browser = await launchChromium();
    page = await browser.newPage();
    await signIn(page, system.apiKey);
  });
  afterAll(async () => {
    await browser?.close();
    await system?.stop();
  });

  it('shows the key and its scopes on "This key", read from GET /v1/me', async () => {
    await page.getByRole('link', { name: 'This key', exact: true }).click();
    await page.getByRole('heading', { name: 'This key', level: 1 }).waitFor();
    const scopes = await page.getByTestId('key-scopes').locator('li').allTextContents();
    expect(scopes.map((s) => s.split(':').slice(0, -1).join(':'))).toEqual([
      'links:read',
      'links:write',
      'analytics',
      'analytics:read',
      'qr',
      'notifications:read',
      'notifications:write',
      'gs1:read',
      'gs1:write',
    ]);
    expect(await page.getByTestId('key-missing-scopes').count()).toBe(0);
    await checkPage(page, 'key');
  });

  it('explains an invalid linkset before submit and sends nothing', async () => {
    await page.goto(`${system.apiUrl}/#/gs1/${encodeURIComponent(`localhost:${system.visitorPort}`)}/${CODE}`);
    await page.getByRole('heading', { name: 'Edit links' }).waitFor();
    await page.getByRole('button', { name: 'Add a link' }).click();
    await page.getByLabel('Target URL').fill('/relative/path');
    await page.getByRole('button', { name: 'Add a link' }).click();
    await page.getByRole('group', { name: 'Link 2' }).getByLabel('Target URL').fill('https://example.com/recipes');
    await page.getByRole('group', { name: 'Link 1' }).getByRole('checkbox').check();
    await page.getByRole('group', { name: 'Link 2' }).getByRole('checkbox').check();
    const issues = page.getByTestId('linkset-issues');
    await issues.filter({ hasText: 'Link 1: the target must be an absolute http(s) URL.' }).waitFor();
    expect(await issues.textContent()).toContain('At most one link may be the default.');
    expect(await issues.textContent()).toContain("More than one link needs the tenant's resolver entitlement");
    expect(await page.getByRole('button', { name: 'Save links' }).isDisabled()).toBe(true);
    await checkPage(page, 'gs1-record-linkset-invalid');
    const stored = await api(`/v1/gs1/links/${encodeURIComponent(CODE)}`);
    expect(stored.body).toMatchObject({ destination: 'https://example.com/first', linkset: [] });
  });

  it('saves a linkset; the resolver preview and a real scan through the redirector follow it', async () => {
    await setEntitlements(['resolver']);
    // The editor reads the tenant's entitlements from GET /v1/me, refreshed when the page loads.
    await page.reload();
    await page.getByRole('heading', { name: 'Edit links' }).waitFor();
    await page.getByRole('button', { name: 'Add a link' }).click();
    await page.getByRole('button', { name: 'Add a link' }).click();
    const first = page.getByRole('group', { name: 'Link 1' });
    await first.getByLabel('Target URL').fill('https://example.com/pip-en');
    await first.getByLabel('Title').fill('Product page');
    await first.getByLabel('Languages').fill('en');
    await first.getByLabel('Media type').fill('text/html');
    await first.getByRole('checkbox').check();
    const second = page.getByRole('group', { name: 'Link 2' });
    await second.getByLabel('Link type', { exact: true }).selectOption('gs1:recipeInfo');
    await second.getByLabel('Target URL').fill('https://example.com/recipes');
    await page.getByRole('button', { name: 'Add a data attribute' }).click();
    await page.getByLabel('AI', { exact: true }).fill('15');
    await page.getByLabel('Value', { exact: true }).fill('271231');
    await page.getByLabel('Tags').fill('print, spring');
    expect(await page.getByTestId('linkset-issues').count()).toBe(0);
    await page.getByRole('button', { name: 'Save links' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved; the resolver serves the new links.' }).waitFor();

    await page.getByTestId('preview-opens').filter({ hasText: 'opens https://example.com/pip-en' }).waitFor();
    await page.getByRole('region', { name: 'Resolver preview' }).getByLabel('Link type').selectOption('gs1:recipeInfo');
    await page.getByTestId('preview-opens').filter({ hasText: 'opens https://example.com/recipes' }).waitFor();
    expect(await page.getByRole('table', { name: 'Data attributes' }).textContent()).toContain('271231');
    await checkPage(page, 'gs1-record-linkset-saved');

    expect(await scan()).toBe('https://example.com/pip-en');
    expect(await scan('gs1:recipeInfo')).toBe('https://example.com/recipes');
    const stored = await api(`/v1/gs1/links/${encodeURIComponent(CODE)}`);
    expect(stored.body).toMatchObject({ ai: { '15': '271231' }, tags: ['print', 'spring'] });
    expect(stored.body.linkset).toEqual([
      {
        linkType: 'gs1:pip',
        href: 'https://example.com/pip-en',
        default: true,
        title: 'Product page',
        hreflang: ['en'],
        type: 'text/html',
      },
      { linkType: 'gs1:recipeInfo', href: 'https://example.com/recipes', default: false },
    ]);
  });

  it('checks the branding before submit, previews it, and the redirector shows it on a disabled link', async () => {
    const link = await api('/v1/links', { method: 'POST', body: { destination: 'https://example.com/offer' } });
    expect(link.status).toBe(201);
    const linkPath = `/v1/links/${link.body.code}?domain=${link.body.domain}`;
    const disabled = await api(linkPath, { method: 'PATCH', body: { status: 'disabled' } });
    expect(disabled.status).toBe(200);

    await page.getByRole('link', { name: 'This key', exact: true }).click();
    await page.getByLabel('Brand name').fill('Acme Drinks');
    await page.getByLabel('Text colour').fill('red');
    await page.getByRole('button', { name: 'Save branding' }).click();
    await page.getByText('A colour is #rgb or #rrggbb').waitFor();
    await page.getByLabel('Text colour').fill('#0b3d2e');
    await page.getByLabel('Background colour').fill('#f5fff0');
    await page.getByLabel('Fallback URL').fill('https://acme.example/shop');
    await page.getByTestId('branding-preview').filter({ hasText: 'Continue to Acme Drinks' }).waitFor();
    await page.getByRole('button', { name: 'Save branding' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    await checkPage(page, 'key-branding');

    const tenant = await api(`/admin/v1/tenants/${system.defaultTenantId}`);
    expect(tenant.body.branding).toEqual({
      name: 'Acme Drinks',
      primaryColor: '#0b3d2e',
      backgroundColor: '#f5fff0',
      fallbackUrl: 'https://acme.example/shop',
    });
    let html = '';
    await waitFor(
      async () => {
        html = await (await fetch(link.body.shortUrl, { redirect: 'manual' })).text();
        return html.includes('Acme Drinks');
      },
      { message: 'branding at the redirector' },
    );
    expect(html).toContain('background:#f5fff0;color:#0b3d2e');
    expect(html).toContain('href="https://acme.example/shop"');
  });

  it('shows a key with only gs1:read its areas alone, and no editor or branding form', async () => {
    const limited = await browser.newPage();
    await signIn(limited, await issueTenantKey(system, ['gs1:read']));
    await limited.getByRole('heading', { name: 'This key', level: 1 }).waitFor();
    const nav = await limited.getByRole('navigation', { name: 'Sections' }).getByRole('link').allTextContents();
    expect(nav).toEqual(['GS1', 'Exports', 'This key']);
    expect(await limited.getByTestId('key-scopes').textContent()).toMatch(/^gs1:read: see GS1 records and exports$/);
    expect(await limited.getByTestId('key-missing-scopes').textContent()).toContain('see links (links:read)');
    await limited.getByText("Changing the branding of the redirector's pages needs the links:write scope.").waitFor();
    await checkPage(limited, 'key-limited');

    await limited.getByRole('link', { name: 'GS1', exact: true }).click();
    await limited.getByRole('link', { name: CODE }).click();
    await limited.getByRole('heading', { name: CODE, level: 1 }).waitFor();
    await limited.getByText('Editing the links of a record needs the gs1:write scope.').waitFor();
    await limited.goto(`${system.apiUrl}/#/channels`);
    await limited.getByText('Your API key does not have the scope this page needs.').waitFor();
    // Without links:read the start page is the key's own panel.
    await limited.goto(`${system.apiUrl}/#/links`);
    await limited.getByRole('heading', { name: 'This key', level: 1 }).waitFor();
    await limited.close();
  });

  it("lets the operator change a tenant's branding, with the same checks and preview", async () => {
    const operator = await browser.newPage();
    operator.on('pageerror', (e) => consoleErrors.push(e.message));
    await operator.goto(`${system.apiUrl}/#/operator`);
    await operator.getByLabel('Operator token').fill(system.operatorToken);
    await operator.getByRole('button', { name: 'Sign in as operator' }).click();
    await operator.goto(`${system.apiUrl}/#/operator/tenants/${encodeURIComponent(system.defaultTenantId)}`);
    const form = operator.getByRole('form', { name: "Branding of the redirector's pages" });
    await form.getByLabel('Brand name').waitFor();
    expect(await form.getByLabel('Brand name').inputValue()).toBe('Acme Drinks');
    await form.getByLabel('Logo URL').fill('javascript:alert(1)');
    await form.getByRole('button', { name: 'Save branding' }).click();
    await form.getByText('An absolute http(s) URL').waitFor();
    await form.getByLabel('Logo URL').fill('');
    await form.getByLabel('Brand name').fill('Acme Beverages');
    await form.getByRole('button', { name: 'Save branding' }).click();
    await form.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    await checkPage(operator, 'operator-tenant-branding');
    const tenant = await api(`/admin/v1/tenants/${system.defaultTenantId}`);
    expect(tenant.body.branding).toMatchObject({ name: 'Acme Beverages' });
    await operator.close();
  });

  it('logged no error in the browser console', () => {
    expect(consoleErrors).toEqual([]);
  });
});
