import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { axeViolations } from './axe';

/** Written on every run so a reviewer can look at every page (git-ignored). */
export const SCREENSHOTS = join(__dirname, 'screenshots');

type Globals = { document: { documentElement: { scrollWidth: number } } };

const SIZES = [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const;

/** Asserts axe-core finds nothing on the page, then writes its screenshots at desktop and phone width. */
export async function checkPage(page: Page, name: string): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
  mkdirSync(SCREENSHOTS, { recursive: true });
  for (const [label, size] of SIZES) {
    await page.setViewportSize(size);
    // Responsive down to a phone: nothing wider than the viewport scrolls the page sideways.
    const width = await page.evaluate(() => (globalThis as unknown as Globals).document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(size.width);
    await page.screenshot({ path: join(SCREENSHOTS, `${name}-${label}.png`), fullPage: true });
  }
  await page.setViewportSize(SIZES[0][1]);
}
