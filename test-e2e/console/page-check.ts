import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { axeViolations } from './axe';

/** Written on every run so a reviewer can look at every page (git-ignored). */
export const SCREENSHOTS = join(__dirname, 'screenshots');

type Root = { document: { documentElement: { scrollWidth: number } } };

/**
 * axe-core finds no violation on the page; then it is photographed at desktop and at phone width, where nothing may
 * stick out sideways (wide tables scroll inside their own box).
 */
export async function checkPage(page: Page, name: string): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
  mkdirSync(SCREENSHOTS, { recursive: true });
  for (const [label, size] of [
    ['desktop', { width: 1280, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: join(SCREENSHOTS, `${name}-${label}.png`), fullPage: true });
    const pageWidth = await page.evaluate(() => (globalThis as unknown as Root).document.documentElement.scrollWidth);
    expect(pageWidth).toBeLessThanOrEqual(size.width);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}
