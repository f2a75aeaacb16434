import { mkdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { launchChromium, type LaunchedChromium } from '@waymark/testkit';
import { checkPage as checkPageOf, SCREENSHOTS } from './check-page';
import { startEmbeddedSystem, type RunningSystem } from './embedded-system';
import { collectErrors } from './sign-in';

const CHROME_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

type SessionHolder = { sessionStorage: { getItem(key: string): string | null } };

jest.setTimeout(240_000);

describe('the console in a real browser against the embedded system', () => {
  let system: RunningSystem;
  let browser: LaunchedChromium;
  let page: Page;
  let receiver: Server;
  let receiverAddress: string;
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    receiver = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(204).end());
    });
    await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
    receiverAddress = `127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    system = await startEmbeddedSystem({ WEBHOOK_HTTP_ALLOWED_HOSTS: receiverAddress });
    browser = await launchChromium();
    page = await browser.newPage();
    collectErrors(page, consoleErrors);
  });
  afterAll(async () => {
    await browser?.close();
    await system?.stop();
    receiver?.close();
  });

  const checkPage = (name: string) => checkPageOf(page, name);

  it('signs in with a key kept in session storage, never in the URL', async () => {
    await page.goto(`${system.apiUrl}/`);
    await checkPage('sign-in');
    await page.getByLabel('API key').fill(system.apiKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Links', level: 1 }).waitFor();
    expect(page.url()).not.toContain(system.apiKey);
    const stored = await page.evaluate(() =>
      (globalThis as unknown as SessionHolder).sessionStorage.getItem('waymark.apiKey'),
    );
    expect(stored).toBe(system.apiKey);
    await page.getByText('No links match').waitFor();
    await checkPage('links-empty');
  });

  it('creates a link, previews and downloads its QR, and sees a visit in the chart', async () => {
    await page.getByLabel('Destination URL').fill('https://example.com/spring');
    await page.getByLabel('Custom code (optional)').fill('spring');
    await page.getByRole('button', { name: 'Create link' }).click();
    await page.getByRole('img', { name: /QR code for/ }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download SVG' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('spring.svg');
    expect(readFileSync(await download.path(), 'utf8')).toContain('<svg');

    const shortUrl = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
    const visit = await fetch(shortUrl, { redirect: 'manual', headers: { 'user-agent': CHROME_UA } });
    expect([301, 302, 307, 308]).toContain(visit.status);
    await page.getByTestId('total-humans').filter({ hasText: /^1$/ }).waitFor({ timeout: 30_000 });
    await checkPage('link');

    await page.goto(`${system.apiUrl}/#/links`);
    await page.getByRole('link', { name: shortUrl }).waitFor();
    await checkPage('links');
  });

  it('shows the tenant analytics and the channels pages without accessibility violations', async () => {
    await page.goto(`${system.apiUrl}/#/analytics`);
    await page.getByTestId('total-total').waitFor();
    await checkPage('analytics');
    await page.goto(`${system.apiUrl}/#/channels`);
    await page.getByText('No channels yet.').waitFor();
    await checkPage('channels');
  });

  it('creates a webhook channel to a local receiver and shows the delivery with its attempt in the log', async () => {
    await page.goto(`${system.apiUrl}/#/channels`);
    await page.getByLabel('Name').fill('Local receiver');
    await page.getByLabel('POST URL').fill(`http://${receiverAddress}/hook`);
    await page.getByRole('button', { name: 'Create channel' }).click();
    expect(await page.getByTestId('signing-secret').textContent()).toMatch(/^whsec_/);
    await checkPage('channel-created');
    const channelId = (await page.locator('.rows code').first().textContent()) ?? '';

    await page.goto(`${system.apiUrl}/#/links`);
    await page.getByLabel('Destination URL').fill('https://example.com/hooked');
    await page.getByLabel('Custom code (optional)').fill('hooked');
    await page.getByLabel('Notify channel ids (optional, comma separated)').fill(channelId);
    await page.getByRole('button', { name: 'Create link' }).click();
    const shortUrl = (await page.getByRole('heading', { level: 1 }).filter({ hasText: 'hooked' }).textContent()) ?? '';
    await fetch(shortUrl, { redirect: 'manual', headers: { 'user-agent': CHROME_UA } });

    await page.goto(`${system.apiUrl}/#/channels/${channelId}`);
    const row = page.locator('tbody tr').filter({ hasText: 'delivered' });
    await row.waitFor({ timeout: 30_000 });
    expect(await row.textContent()).toContain('1/6');
    expect(await row.textContent()).toContain('204');
    expect(await page.locator('thead').textContent()).toContain('Next attempt');
    await checkPage('delivery-log');

    // The outcome filter is the API's, so it covers the whole log rather than the page shown.
    const filtered = page.waitForRequest((request) => request.url().includes('outcome=failed'));
    await page.getByLabel('Outcome').selectOption('failed');
    await filtered;
    await page.getByText('No failed attempts.').waitFor();
  });

  it('logged no error in the browser console', () => {
    expect(consoleErrors).toEqual([]);
  });
});
