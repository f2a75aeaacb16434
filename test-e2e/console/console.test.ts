import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeViolations, launchChromium } from './browser';
import { startEmbeddedSystem, type RunningSystem } from './embedded-system';

/** Written on every run so a reviewer can look at every page (git-ignored). */
const SCREENSHOTS = join(__dirname, 'screenshots');
const CHROME_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

type SessionHolder = { sessionStorage: { getItem(key: string): string | null } };

jest.setTimeout(240_000);

describe('the console in a real browser against the embedded system', () => {
  let system: RunningSystem;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    system = await startEmbeddedSystem();
    browser = await launchChromium();
    context = await browser.newContext({ acceptDownloads: true });
    page = await context.newPage();
    page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
    page.on('pageerror', (e) => consoleErrors.push(e.message));
  });
  afterAll(async () => {
    await browser?.close();
    await system?.stop();
  });

  async function checkPage(name: string) {
    expect(await axeViolations(page)).toEqual([]);
    for (const [label, size] of [
      ['desktop', { width: 1280, height: 900 }],
      ['phone', { width: 390, height: 844 }],
    ] as const) {
      await page.setViewportSize(size);
      await page.screenshot({ path: join(SCREENSHOTS, `${name}-${label}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }

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

  it('logged no error in the browser console', () => {
    expect(consoleErrors).toEqual([]);
  });
});
