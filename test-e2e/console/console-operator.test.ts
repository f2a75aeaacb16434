import type { Page } from 'playwright-core';
import { launchChromium, type LaunchedChromium } from '@waymark/testkit';
import { startEmbeddedWaymark, type EmbeddedWaymark } from '../support/embedded-waymark';
import { checkPage } from './check-page';
import { collectErrors } from './sign-in';

type Storage = { length: number; key(i: number): string | null; getItem(key: string): string | null };
type BrowserGlobals = {
  sessionStorage: Storage;
  localStorage: Storage;
  navigator: { clipboard: { readText(): Promise<string> } };
  document: { activeElement: { id: string } | null };
  location: { hash: string };
};

jest.setTimeout(240_000);

describe("the console's operator mode in a real browser against the embedded system", () => {
  let system: EmbeddedWaymark;
  let browser: LaunchedChromium;
  let page: Page;
  let tenantId = '';
  let apiKey = '';
  const consoleErrors: string[] = [];

  const admin = async (path: string) => {
    const response = await fetch(`${system.apiUrl}/admin/v1${path}`, {
      headers: { authorization: `Bearer ${system.operatorToken}` },
    });
    expect(response.status).toBe(200);
    return response.json() as Promise<Record<string, unknown>>;
  };
  /** Every value the page keeps in web storage, to prove what it does and does not store. */
  const storedValues = () =>
    page.evaluate(() => {
      const all: string[] = [];
      const browser = globalThis as unknown as BrowserGlobals;
      for (const storage of [browser.sessionStorage, browser.localStorage])
        for (let i = 0; i < storage.length; i += 1) all.push(storage.getItem(storage.key(i) ?? '') ?? '');
      return all;
    });

  beforeAll(async () => {
    system = await startEmbeddedWaymark();
    browser = await launchChromium();
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: system.apiUrl });
    page = await browser.newPage();
    collectErrors(page, consoleErrors);
  });
  afterAll(async () => {
    await browser?.close();
    await system?.stop();
  });

  it('does not make tenant users download the operator pages', async () => {
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    await page.goto(`${system.apiUrl}/`);
    await page.getByRole('heading', { name: 'Waymark console' }).waitFor();
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((url) => url.includes('operator'))).toEqual([]);
    await page.getByRole('link', { name: 'Operator? Sign in with the operator token' }).click();
    await page.getByRole('heading', { name: 'Waymark operator console' }).waitFor();
    expect(scripts.filter((url) => url.includes('operator')).length).toBeGreaterThan(0);
    page.removeAllListeners('request');
  });

  it('signs in with the operator token kept in session storage, never in the URL', async () => {
    await checkPage(page, 'operator-sign-in');
    await page.getByLabel('Operator token').fill('not-the-operator-token');
    await page.getByRole('button', { name: 'Sign in as operator' }).click();
    await page.getByRole('alert').filter({ hasText: 'This operator token is not valid.' }).waitFor();
    // The 401 of the wrong token is the browser's console error for a failed request, not the console's.
    consoleErrors.length = 0;

    await page.getByLabel('Operator token').fill(system.operatorToken);
    await page.getByRole('button', { name: 'Sign in as operator' }).click();
    await page.getByRole('heading', { name: 'Tenants', level: 1 }).waitFor();
    expect(page.url()).not.toContain(system.operatorToken);
    expect(
      await page.evaluate(() =>
        (globalThis as unknown as BrowserGlobals).sessionStorage.getItem('waymark.operatorToken'),
      ),
    ).toBe(system.operatorToken);
    await page.getByRole('cell').getByText(system.defaultTenantId).waitFor();
    await checkPage(page, 'operator-tenants');
  });

  it('moves focus to the content with the keyboard without leaving operator mode', async () => {
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (globalThis as unknown as BrowserGlobals).document.activeElement)).not.toBeNull();
    await page.getByRole('link', { name: 'Skip to content' }).press('Enter');
    expect(await page.evaluate(() => (globalThis as unknown as BrowserGlobals).document.activeElement?.id)).toBe(
      'main',
    );
    expect(await page.evaluate(() => (globalThis as unknown as BrowserGlobals).location.hash)).toMatch(/^#\/operator/);
    await page.getByRole('heading', { name: 'Tenants', level: 1 }).waitFor();
  });

  it('creates a tenant with a vouched default domain and replaces its entitlements', async () => {
    await page.getByLabel('Name', { exact: true }).fill('Acme Packaging');
    await page.getByLabel('Default domain (optional)').fill('go.acme.test');
    await page.getByLabel('I vouch for this domain: mark it verified now').check();
    await page.getByRole('button', { name: 'Create tenant' }).click();
    await page.getByRole('status').filter({ hasText: 'Created Acme Packaging' }).waitFor();
    tenantId = (await page.getByRole('status').filter({ hasText: 'Created' }).locator('code').textContent()) ?? '';
    expect(tenantId).not.toBe('');
    await page.getByRole('link', { name: 'Acme Packaging' }).click();
    await page.getByRole('heading', { name: 'Acme Packaging', level: 1 }).waitFor();
    await checkPage(page, 'operator-tenant-settings');

    await page.getByRole('textbox', { name: 'Entitlements', exact: true }).fill('resolver');
    await page.getByRole('button', { name: 'Replace entitlements' }).click();
    await page.getByTestId('entitlements').filter({ hasText: 'resolver' }).waitFor();
    const tenant = await admin(`/tenants/${tenantId}`);
    expect(tenant).toMatchObject({ name: 'Acme Packaging', entitlements: ['resolver'], defaultDomain: 'go.acme.test' });
  });

  it('issues a key shown once with a copy button and a warning; the key signs in to tenant mode', async () => {
    await page.getByRole('link', { name: 'API keys' }).click();
    await page.getByText('This tenant has no API keys yet.').waitFor();
    await checkPage(page, 'operator-keys-empty');
    await page.getByLabel('Label (optional)').fill('packaging line');
    await page.getByRole('checkbox', { name: /^links:read/ }).check();
    await page.getByRole('checkbox', { name: /^links:write/ }).check();
    await page.getByRole('button', { name: 'Issue key' }).click();
    const shown = page.getByRole('region', { name: 'New API key, shown only this once' });
    await shown.waitFor();
    expect(await shown.textContent()).toContain('cannot show this key again');
    apiKey = (await page.getByTestId('new-api-key').textContent()) ?? '';
    expect(apiKey.length).toBeGreaterThan(20);
    await page.getByRole('button', { name: 'Copy key' }).click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => (globalThis as unknown as BrowserGlobals).navigator.clipboard.readText())).toBe(
      apiKey,
    );
    const row = page.locator('tbody tr').filter({ hasText: 'packaging line' });
    await row.waitFor();
    expect(await row.textContent()).toContain('links:read, links:write');
    const prefix = ((await row.locator('code').textContent()) ?? '').replace('…', '');
    expect(apiKey.startsWith(prefix)).toBe(true);
    expect(prefix.length).toBeLessThan(apiKey.length);
    await checkPage(page, 'operator-key-created');

    await page.getByRole('button', { name: 'I have stored it, hide the key' }).click();
    // React re-renders after the click's handler returns: wait for the panel to go before reading the page.
    await page.getByRole('button', { name: 'I have stored it, hide the key' }).waitFor({ state: 'detached' });
    expect(await page.content()).not.toContain(apiKey);
    await page.reload();
    await row.waitFor();
    expect(await page.content()).not.toContain(apiKey);
    expect(await storedValues()).not.toContain(apiKey);
    await checkPage(page, 'operator-keys');

    await page.goto(`${system.apiUrl}/#/links`);
    await page.getByLabel('API key').fill(apiKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Links', level: 1 }).waitFor();
    await page.getByText('No links match').waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('API key').waitFor();
  });

  it('revokes the key, after which tenant sign-in with it is refused', async () => {
    await page.goto(`${system.apiUrl}/#/operator/tenants/${tenantId}/keys`);
    const row = page.locator('tbody tr').filter({ hasText: 'packaging line' });
    await row.getByRole('button', { name: 'Revoke' }).click();
    await row.getByRole('button', { name: 'Yes, revoke' }).click();
    await row.getByText('revoked', { exact: true }).waitFor();
    const { keys } = (await admin(`/tenants/${tenantId}/keys`)) as { keys: { revokedAt: string | null }[] };
    expect(keys[0]?.revokedAt).not.toBeNull();

    await page.goto(`${system.apiUrl}/#/links`);
    await page.getByLabel('API key').fill(apiKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'not valid (or was revoked)' }).waitFor();
    consoleErrors.length = 0; // the refused requests' 401s, logged by the browser itself
  });

  it('adds a domain, shows its TXT record, explains a duplicate, and verifies it on the operator word', async () => {
    await page.goto(`${system.apiUrl}/#/operator/tenants/${tenantId}/domains`);
    await page.getByText('verified (operator)').waitFor();
    await page.getByLabel('Domain', { exact: true }).fill('links.acme.test');
    await page.getByRole('button', { name: 'Add domain' }).click();
    const row = page.getByRole('listitem').filter({ hasText: 'links.acme.test' });
    await row.getByText('not verified').waitFor();
    expect(await row.textContent()).toContain('_waymark.links.acme.test');
    await checkPage(page, 'operator-domains');

    await page.getByLabel('Domain', { exact: true }).fill('links.acme.test');
    await page.getByRole('button', { name: 'Add domain' }).click();
    await page.getByRole('alert').filter({ hasText: '(conflict)' }).waitFor();
    consoleErrors.length = 0; // the 409, logged by the browser itself

    await row.getByRole('button', { name: 'Mark verified' }).click();
    await row.getByRole('button', { name: 'Yes, mark verified' }).click();
    await row.getByText('verified (operator)').waitFor();
    const { domains } = (await admin(`/tenants/${tenantId}/domains`)) as {
      domains: { name: string; verified: boolean }[];
    };
    expect(domains.find((d) => d.name === 'links.acme.test')?.verified).toBe(true);
  });

  it('creates a plan and moves the tenant onto it', async () => {
    await page.getByRole('link', { name: 'Plans' }).click();
    await page.getByRole('heading', { name: 'Plans', level: 1 }).waitFor();
    await checkPage(page, 'operator-plans');
    await page.getByLabel('Name', { exact: true }).fill('packaging');
    await page.getByLabel('Requests per minute (all keys together)').fill('1200');
    await page.getByRole('button', { name: 'Create plan' }).click();
    await page.getByRole('heading', { name: 'packaging', level: 3 }).waitFor();
    expect(await admin('/plans')).toMatchObject({
      plans: expect.arrayContaining([expect.objectContaining({ name: 'packaging', rateLimitPerMinute: 1200 })]),
    });

    await page.goto(`${system.apiUrl}/#/operator/tenants/${tenantId}`);
    await page.getByLabel('Plan', { exact: true }).selectOption('packaging');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    expect(await admin(`/tenants/${tenantId}`)).toMatchObject({
      plan: { name: 'packaging', rateLimitPerMinute: 1200 },
    });
  });

  it('logged no error in the browser console', () => {
    expect(consoleErrors).toEqual([]);
  });
});
