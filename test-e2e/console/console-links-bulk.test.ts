import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium, type LaunchedChromium } from '@waymark/testkit';
import { checkPage } from './check-page';
import { startEmbeddedSystem, type RunningSystem } from './embedded-system';
import { collectErrors, signInWithKey } from './sign-in';

jest.setTimeout(240_000);

const CHROME_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

type PageGlobals = {
  location: { hash: string };
  document: { activeElement: { id: string } | null };
};

/** `datetime-local` values for now plus each offset in minutes, in the page's time zone, from one clock reading. */
function localMinutes(offsets: number[]): string[] {
  const now = Date.now();
  return offsets.map((minutes) => {
    const at = new Date(now + minutes * 60_000);
    return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  });
}

describe('the console links bulk import, custom analytics range and skip link in a real browser', () => {
  let system: RunningSystem;
  let browser: LaunchedChromium;
  let page: Page;
  let workDir: string;
  const consoleErrors: string[] = [];

  const fillRange = async (fromMinutes: number, toMinutes: number) => {
    const [from, to] = await page.evaluate(localMinutes, [fromMinutes, toMinutes]);
    await page.getByLabel('From').fill(from!);
    await page.getByLabel('To', { exact: true }).fill(to!);
  };

  const api = async (path: string) => {
    const response = await fetch(`${system.apiUrl}${path}`, { headers: { 'x-api-key': system.apiKey } });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  beforeAll(async () => {
    workDir = mkdtempSync(join(tmpdir(), 'console-links-'));
    system = await startEmbeddedSystem();
    browser = await launchChromium();
    page = await browser.newPage();
    collectErrors(page, consoleErrors);
    await signInWithKey(page, system.apiUrl, system.apiKey);
    await page.getByRole('heading', { name: 'Links', level: 1 }).waitFor();
  });
  afterAll(async () => {
    await browser?.close();
    await system?.stop();
    rmSync(workDir, { recursive: true, force: true });
  });

  it('refuses a file with an unknown column before sending anything', async () => {
    const bad = join(workDir, 'bad-header.csv');
    writeFileSync(bad, 'destination,colour\nhttps://example.com/x,red\n');
    await page.getByLabel('CSV file', { exact: true }).setInputFiles(bad);
    await page.getByRole('button', { name: 'Import links' }).click();
    await page.getByRole('alert').filter({ hasText: 'unknown column "colour"' }).waitFor();
    const empty = join(workDir, 'empty.csv');
    writeFileSync(empty, 'destination,code\n\n');
    await page.getByLabel('CSV file', { exact: true }).setInputFiles(empty);
    await page.getByRole('button', { name: 'Import links' }).click();
    await page.getByRole('alert').filter({ hasText: 'has a header but no rows' }).waitFor();
    expect((await api('/v1/links?limit=5')).body.links).toEqual([]);
  });

  it('creates the good rows of a CSV, reports the bad row with its error and offers the failed rows', async () => {
    const csv = join(workDir, 'links.csv');
    writeFileSync(
      csv,
      [
        'Destination,Code,Tags,tag.region,Expires At',
        'https://example.com/bulk-a,bulk-a,campaign=spring|channel=print,eu,2099-01-01T00:00:00Z',
        'not a url,bulk-bad,,,',
        'https://example.com/bulk-b,bulk-b,,us,',
      ].join('\n'),
    );
    await page.getByLabel('CSV file', { exact: true }).setInputFiles(csv);
    await page.getByRole('button', { name: 'Import links' }).click();
    await page.getByTestId('bulk-progress').filter({ hasText: 'Done: 2 created, 1 not created' }).waitFor();
    const results = page.getByTestId('bulk-results');
    const badRow = results.locator('tr').filter({ hasText: 'not a url' });
    expect(await badRow.textContent()).toMatch(/^3.*failed.*\(validation_failed\)/);
    await results.getByRole('link', { name: /\/bulk-a$/ }).waitFor();
    await results.getByRole('link', { name: /\/bulk-b$/ }).waitFor();
    await checkPage(page, 'links-bulk-results');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download the 1 row not created (CSV)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('links.failed.csv');
    const failed = readFileSync(await download.path(), 'utf8')
      .trim()
      .split('\n');
    expect(failed[0]).toBe('Destination,Code,Tags,tag.region,Expires At,error');
    expect(failed).toHaveLength(2);
    expect(failed[1]).toMatch(/^not a url,bulk-bad,,,,.*validation_failed/);

    const a = await api('/v1/links/bulk-a');
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({
      destination: 'https://example.com/bulk-a',
      tags: { campaign: 'spring', channel: 'print', region: 'eu' },
      expiresAt: '2099-01-01T00:00:00.000Z',
    });
    expect((await api('/v1/links/bulk-b')).body).toMatchObject({ tags: { region: 'us' } });
    expect((await api('/v1/links/bulk-bad')).status).toBe(404);
  });

  it('shows a link’s custom range: the visit inside it, none in a range before it, asked by from and to', async () => {
    // The created link's row in the bulk results opens its page.
    await page
      .getByTestId('bulk-results')
      .getByRole('link', { name: /\/bulk-a$/ })
      .click();
    const shortUrl = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
    const visit = await fetch(shortUrl, { redirect: 'manual', headers: { 'user-agent': CHROME_UA } });
    expect([301, 302, 307, 308]).toContain(visit.status);
    await page.getByTestId('total-humans').filter({ hasText: /^1$/ }).waitFor({ timeout: 30_000 });

    await page.getByRole('button', { name: 'Custom range' }).click();
    await fillRange(-180, -120);
    const earlier = page.waitForRequest((r) => /\/analytics\?.*from=.*to=/.test(r.url()));
    await page.getByRole('button', { name: 'Apply range' }).click();
    const asked = new URL((await earlier).url()).searchParams;
    expect(asked.has('window')).toBe(false);
    const spanMs = Date.parse(asked.get('to') ?? '') - Date.parse(asked.get('from') ?? '');
    expect(spanMs).toBe(61 * 60_000);
    await page.getByTestId('total-total').filter({ hasText: /^0$/ }).waitFor();

    await fillRange(-60, 0);
    await page.getByRole('button', { name: 'Apply range' }).click();
    await page.getByTestId('total-humans').filter({ hasText: /^1$/ }).waitFor();
    await checkPage(page, 'link-custom-range');

    await fillRange(-60, 24 * 60);
    await page.getByRole('button', { name: 'Apply range' }).click();
    await page.getByText('The end is in the future; choose now or earlier.').waitFor();
    await fillRange(-60, -90);
    await page.getByRole('button', { name: 'Apply range' }).click();
    await page.getByText('The end must be after the start.').waitFor();
  });

  it('shows a custom range for the whole tenant and downloads it', async () => {
    await page.goto(`${system.apiUrl}/#/analytics`);
    await page.getByTestId('total-total').filter({ hasText: /^1$/ }).waitFor();
    await page.getByRole('button', { name: 'Custom range' }).click();
    await fillRange(-180, -120);
    await page.getByRole('button', { name: 'Apply range' }).click();
    await page.getByTestId('applied-range').waitFor();
    await page.getByTestId('total-total').filter({ hasText: /^0$/ }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    const stamp = '\\d{4}-\\d{2}-\\d{2}T\\d{2}-\\d{2}';
    expect(download.suggestedFilename()).toMatch(new RegExp(`^analytics-${stamp}_${stamp}\\.csv$`));
    // The download is the chart's series for the range: hourly buckets from the range's hour, none with a visit.
    const [header, ...rows] = readFileSync(await download.path(), 'utf8')
      .trim()
      .split('\n');
    expect(header).toBe('start,total,clicks,scans,humans,bots');
    const starts = rows.map((row) => Date.parse(row.split(',')[0]!));
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(Date.now() - starts[0]!).toBeGreaterThan(2 * 3_600_000);
    expect(Date.now() - starts.at(-1)!).toBeGreaterThan(3_600_000);
    expect(rows.every((row) => row.split(',')[1] === '0')).toBe(true);
    await checkPage(page, 'analytics-custom-range');
  });

  it('skips to the content without changing the route', async () => {
    await page.goto(`${system.apiUrl}/#/analytics`);
    await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
    await page.keyboard.press('Tab');
    await page.getByRole('link', { name: 'Skip to content' }).press('Enter');
    const after = await page.evaluate(() => {
      const g = globalThis as unknown as PageGlobals;
      return { hash: g.location.hash, focused: g.document.activeElement?.id };
    });
    expect(after).toEqual({ hash: '#/analytics', focused: 'main' });
    await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
  });

  it('logged no error in the browser console', () => {
    expect(consoleErrors).toEqual([]);
  });
});
