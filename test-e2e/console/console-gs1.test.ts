import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { gs1CheckDigit } from '@waymark/gs1';
import { launchChromium, type LaunchedChromium } from '@waymark/testkit';
import { checkPage } from './check-page';
import { startEmbeddedSystem, type RunningSystem } from './embedded-system';
import { collectErrors, signInWithKey } from './sign-in';

jest.setTimeout(240_000);

type FocusGlobals = {
  document: { activeElement: { textContent: string } };
  getComputedStyle(element: unknown): { outlineStyle: string };
};

const gtin = (body13: string) => `${body13}${gs1CheckDigit(body13)}`;
const GOOD_A = gtin('0950600013435');
const GOOD_B = gtin('0950600013436');
/** A GTIN whose check digit is wrong: the API fails this row alone. */
const BAD = `${GOOD_A.slice(0, 13)}${(Number(GOOD_A[13]) + 1) % 10}`;

describe('the console GS1 and export pages in a real browser against the embedded system', () => {
  let system: RunningSystem;
  let browser: LaunchedChromium;
  let page: Page;
  let workDir: string;
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    workDir = mkdtempSync(join(tmpdir(), 'console-gs1-'));
    system = await startEmbeddedSystem();
    browser = await launchChromium();
    page = await browser.newPage();
    collectErrors(page, consoleErrors);
    await signInWithKey(page, system.apiUrl, system.apiKey);
    await page.getByRole('link', { name: 'GS1', exact: true }).waitFor();
  });
  afterAll(async () => {
    await browser?.close();
    await system?.stop();
    rmSync(workDir, { recursive: true, force: true });
  });

  it('imports a GS1 CSV chosen in the browser and reports the bad row with its line', async () => {
    await page.getByRole('link', { name: 'GS1', exact: true }).click();
    await page.getByRole('heading', { name: 'GS1 Digital Links', level: 1 }).waitFor();
    await page.getByText('No GS1 records match').waitFor();
    await checkPage(page, 'gs1-empty');

    const csv = join(workDir, 'labels.csv');
    writeFileSync(
      csv,
      [
        'gtin,batch,destination,tags',
        `${GOOD_A},A1,https://example.com/a,spring`,
        `${BAD},B1,https://example.com/bad,spring`,
        `${GOOD_B},,https://example.com/b,spring|eu`,
      ].join('\n') + '\n',
    );
    await page.getByLabel('File').setInputFiles(csv);
    expect(await page.getByLabel('Format').inputValue()).toBe('csv');
    await page.getByRole('button', { name: 'Import' }).click();
    await page.getByTestId('import-progress').filter({ hasText: 'Done:' }).waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('import-progress').textContent()).toMatch(
      /3 rows, 2 created, 0 updated, 0 skipped, 1 failed/,
    );
    const errors = page.getByTestId('import-errors').locator('tbody tr');
    expect(await errors.count()).toBe(1);
    const [line, reportedGtin, reason] = await errors.first().locator('td').allTextContents();
    expect(line).toBe('3');
    expect(reportedGtin).toBe(BAD);
    expect(reason).toMatch(/check digit/i);

    const [report] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download the error report (CSV)' }).click(),
    ]);
    const reportText = readFileSync(await report.path(), 'utf8');
    expect(reportText.split('\n')[0]).toBe('"line","gtin","code","errorCode","error"');
    expect(reportText).toContain(`"3","${BAD}"`);

    await page.getByRole('link', { name: `01/${GOOD_A}/10/A1` }).waitFor();
    await checkPage(page, 'gs1-imported');
  });

  it('opens a record with its Digital Link, status and a resolver preview of what a scan opens', async () => {
    // By keyboard: Tab from the records' search field reaches the record's link, which shows its focus ring.
    await page.getByLabel('Tags (all of)').focus();
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const { document, getComputedStyle } = globalThis as unknown as FocusGlobals;
      const element = document.activeElement;
      return { text: element.textContent, outline: getComputedStyle(element).outlineStyle };
    });
    expect(focused).toEqual({ text: `01/${GOOD_A}/10/A1`, outline: 'solid' });
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: `01/${GOOD_A}/10/A1`, level: 1 }).waitFor();
    await page.getByText(/live: the resolver serves/).waitFor();
    const link = page.getByRole('link', { name: new RegExp(`/01/${GOOD_A}/10/A1$`) }).first();
    const digitalLink = `http://localhost:${system.visitorPort}/01/${GOOD_A}/10/A1`;
    expect(await link.getAttribute('href')).toBe(digitalLink);
    await page.getByTestId('preview-opens').filter({ hasText: 'opens https://example.com/a' }).waitFor();

    await page.getByLabel('Link type').selectOption('gs1:certificationInfo');
    expect(await page.getByTestId('preview-url').textContent()).toMatch(/\?linkType=gs1:certificationInfo$/);
    await page.getByTestId('preview-opens').filter({ hasText: 'answers 404' }).waitFor();
    await page.getByLabel('Link type').selectOption('gs1:pip');
    await page.getByTestId('preview-opens').filter({ hasText: 'opens https://example.com/a' }).waitFor();
    await checkPage(page, 'gs1-record');
  });

  it('explains invalid export options before submit, then exports, shows the job and downloads its zip', async () => {
    await page.getByRole('link', { name: 'Exports', exact: true }).click();
    await page.getByText('No exports yet.').waitFor();
    await checkPage(page, 'exports-empty');

    await page.getByLabel('Ink', { exact: true }).selectOption('spot');
    await page.getByTestId('export-issues').filter({ hasText: 'spotName is required when ink is spot' }).waitFor();
    expect(await page.getByRole('button', { name: 'Create export' }).isDisabled()).toBe(true);
    await page.getByLabel('Raster copy').selectOption('png600');
    await page.getByLabel('Overall size (mm)').fill('300');
    await page
      .getByTestId('export-issues')
      .filter({ hasText: /raster png600 of a 300\.0 mm symbol/ })
      .waitFor();
    await checkPage(page, 'exports-invalid');

    await page.getByLabel('Ink', { exact: true }).selectOption('k100');
    await page.getByLabel('Raster copy').selectOption('none');
    await page.getByLabel('Overall size (mm)').fill('30');
    await page.getByLabel('Name', { exact: true }).fill('labels');
    await page.getByLabel('pdf').check();
    expect(await page.getByTestId('export-issues').count()).toBe(0);
    await page.getByRole('button', { name: 'Create export' }).click();

    const row = page.getByTestId('export-jobs').locator('tbody tr').filter({ hasText: 'labels' });
    await row.getByRole('button', { name: 'Download zip of labels' }).waitFor({ timeout: 60_000 });
    expect(await row.locator('td').nth(2).textContent()).toBe('2');
    await checkPage(page, 'exports');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: 'Download zip of labels' }).click(),
    ]);
    const zip = unzipSync(new Uint8Array(readFileSync(await download.path())));
    const names = Object.keys(zip).sort();
    const codeA = `01_${GOOD_A}_10_A1`;
    const codeB = `01_${GOOD_B}`;
    const expected = [`${codeA}.svg`, `${codeA}.pdf`, `${codeB}.svg`, `${codeB}.pdf`, 'manifest.csv', 'README.txt'];
    expect(names).toEqual(expect.arrayContaining(expected));
    expect(strFromU8(zip[`${codeA}.svg`] as Uint8Array)).toContain('<svg');
    const manifest = strFromU8(zip['manifest.csv'] as Uint8Array)
      .trim()
      .split('\n');
    expect(manifest).toHaveLength(3);

    await row.getByRole('button', { name: 'Delete' }).click();
    await row.getByRole('button', { name: 'Yes, delete' }).click();
    await page.getByText('No exports yet.').waitFor();
  });

  it('logged no error in the browser console', () => {
    expect(consoleErrors).toEqual([]);
  });
});
