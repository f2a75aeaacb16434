import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page, Route } from 'playwright-core';
import { gs1CheckDigit } from '@waymark/gs1';
import { launchChromium, waitFor, type LaunchedChromium } from '@waymark/testkit';
import { checkPage } from './check-page';
import { startEmbeddedSystem, type RunningSystem } from './embedded-system';
import { signInWithKey } from './sign-in';

jest.setTimeout(300_000);

type StorageGlobals = { localStorage: Record<string, string> };

const ROWS = 1_100;
const TAG = 'resume-check';
const gtinOf = (n: number) => {
  const body = `0950601${String(n).padStart(6, '0')}`;
  return `${body}${gs1CheckDigit(body)}`;
};
/** The same GTIN with a wrong check digit: the API fails this row alone. */
const broken = (gtin: string) => `${gtin.slice(0, 13)}${(Number(gtin[13]) + 1) % 10}`;
/** Data rows (1-based) the API fails: one in the batch confirmed before the interruption, one after it. */
const BAD_ROWS = new Set([2, 1_050]);

/**
 * The default tenant moves to the `pro` plan (batches of 500 records, a rate limit the test stays under), and the test
 * waits until the API applies the plan's row cap: 101 unusable records are then judged, not refused as too many.
 */
async function onProPlan(system: RunningSystem): Promise<void> {
  const operator = { authorization: `Bearer ${system.operatorToken}`, 'content-type': 'application/json' };
  const patch = await fetch(`${system.apiUrl}/admin/v1/tenants/${system.defaultTenantId}`, {
    method: 'PATCH',
    headers: operator,
    body: JSON.stringify({ plan: 'pro' }),
  });
  expect(patch.status).toBe(200);
  const records = Array.from({ length: 101 }, () => ({ gtin: 'not-a-gtin' }));
  await waitFor(
    async () => {
      const response = await fetch(`${system.apiUrl}/v1/gs1/links/bulk`, {
        method: 'POST',
        headers: { 'x-api-key': system.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ records }),
      });
      return ((await response.json()) as { code?: string }).code !== 'bulk_too_large';
    },
    { timeoutMs: 30_000, intervalMs: 500 },
  );
}

describe('the console resumes an interrupted GS1 import in a real browser', () => {
  let system: RunningSystem;
  let browser: LaunchedChromium;
  let page: Page;
  let workDir: string;

  beforeAll(async () => {
    workDir = mkdtempSync(join(tmpdir(), 'console-gs1-resume-'));
    system = await startEmbeddedSystem();
    await onProPlan(system);
    browser = await launchChromium();
    page = await browser.newPage();
    await signInWithKey(page, system.apiUrl, system.apiKey);
    await page.getByRole('link', { name: 'GS1', exact: true }).waitFor();
  });
  afterAll(async () => {
    await browser?.close();
    await system?.stop();
    rmSync(workDir, { recursive: true, force: true });
  });

  /** Every record with the test's tag, through the API, page by page: GTIN to how many records carry it. */
  const importedGtins = async (): Promise<Map<string, number>> => {
    const seen = new Map<string, number>();
    let cursor: string | null = null;
    do {
      const query = new URLSearchParams({ tags: TAG, limit: '500', ...(cursor ? { cursor } : {}) });
      const response = await fetch(`${system.apiUrl}/v1/gs1/links?${query}`, {
        headers: { 'x-api-key': system.apiKey },
      });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { links: { gtin: string }[]; nextCursor: string | null };
      for (const link of body.links) seen.set(link.gtin, (seen.get(link.gtin) ?? 0) + 1);
      cursor = body.nextCursor;
    } while (cursor);
    return seen;
  };

  const openImport = async () => {
    await page.getByRole('link', { name: 'GS1', exact: true }).click();
    await page.getByRole('heading', { name: 'Import records' }).waitFor();
  };

  it('stops when a batch is applied but its answer lost, and resumes after a reload exactly once', async () => {
    const csv = join(workDir, 'labels.csv');
    const lines = ['gtin,destination'];
    for (let row = 1; row <= ROWS; row += 1) {
      const gtin = BAD_ROWS.has(row) ? broken(gtinOf(row)) : gtinOf(row);
      lines.push(`${gtin},https://example.com/p/${row}`);
    }
    writeFileSync(csv, `${lines.join('\n')}\n`);

    // The first batch goes through; every later one reaches the API and is applied, but the browser sees a 503.
    let confirmed = 0;
    const loseAnswers = async (route: Route) => {
      const response = await route.fetch();
      if (confirmed > 0) return route.fulfill({ status: 503, json: { error: 'unavailable', code: 'unavailable' } });
      if (response.ok()) confirmed += 1;
      return route.fulfill({ response });
    };
    await page.route('**/v1/gs1/links/bulk', loseAnswers);
    await openImport();
    await page.getByLabel('File').setInputFiles(csv);
    await page.getByLabel('Tags for every record (optional, comma separated)').fill(TAG);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByTestId('import-resume').waitFor({ timeout: 60_000 });
    expect(await page.getByRole('alert').textContent()).toMatch(/unavailable/);
    expect(await page.getByRole('button', { name: /^Resume from row/ }).textContent()).toBe('Resume from row 501');
    // The lost batch was applied: 499 good rows of the first batch and 500 of the second are in the API.
    expect((await importedGtins()).size).toBe(999);
    const kept = await page.evaluate(() => {
      const { localStorage } = globalThis as unknown as StorageGlobals;
      return Object.entries(localStorage).flat().join('\n');
    });
    expect(kept).toContain('"rows":500');
    expect(kept).not.toContain(system.apiKey);
    await page.unroute('**/v1/gs1/links/bulk', loseAnswers);

    // A reload stands for the closed tab: nothing but localStorage survives, and the same file is chosen again.
    await page.reload();
    await openImport();
    expect(await page.getByTestId('import-resume').count()).toBe(0);
    await page.getByLabel('File').setInputFiles(csv);
    await page.getByTestId('import-resume').filter({ hasText: 'first 500 rows' }).waitFor();
    await checkPage(page, 'gs1-import-resume');
    await page.getByRole('button', { name: 'Resume from row 501' }).click();
    await page.getByTestId('import-progress').filter({ hasText: 'Done:' }).waitFor({ timeout: 60_000 });
    // The resent batch is answered from the API's record of it: created once, never counted as an update.
    expect(await page.getByTestId('import-progress').textContent()).toMatch(
      /1100 rows, 1098 created, 0 updated, 0 skipped, 2 failed/,
    );
    const errors = page.getByTestId('import-errors').locator('tbody tr');
    expect(await errors.count()).toBe(2);
    const reported = await errors.allTextContents();
    // Lines count the header: data row 2 is line 3, from before the interruption; data row 1050 is line 1051.
    expect(reported[0]).toMatch(new RegExp(`^3${broken(gtinOf(2))}.*check digit`, 'i'));
    expect(reported[1]).toMatch(new RegExp(`^1051${broken(gtinOf(1_050))}.*check digit`, 'i'));

    const imported = await importedGtins();
    const expected = [...Array(ROWS).keys()]
      .map((i) => i + 1)
      .filter((row) => !BAD_ROWS.has(row))
      .map(gtinOf);
    expect([...imported.keys()].sort()).toEqual(expected.sort());
    expect([...imported.values()].every((count) => count === 1)).toBe(true);

    // A finished import is forgotten: choosing the file again offers no resume.
    await page.reload();
    await openImport();
    await page.getByLabel('File').setInputFiles(csv);
    await page.getByRole('button', { name: 'Import', exact: true, disabled: false }).waitFor();
    expect(await page.getByTestId('import-resume').count()).toBe(0);
  });
});
