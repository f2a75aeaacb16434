import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { axeViolations } from './axe';

/** Written on every run so a reviewer can look at every page (git-ignored). */
export const SCREENSHOTS = join(__dirname, 'screenshots');

type Box = { right: number };
type Element = { tagName: string; className: string; getBoundingClientRect(): Box; closest(s: string): unknown };
type Globals = { innerWidth: number; document: { querySelectorAll(s: string): Iterable<Element> } };

/** Elements (outside scrolling table wrappers) that reach past the viewport; runs in the page. */
function overflowing(): string[] {
  const { innerWidth, document } = globalThis as unknown as Globals;
  return [...document.querySelectorAll('body *')]
    .filter((e) => e.getBoundingClientRect().right > innerWidth + 0.5 && !e.closest('.table-wrap'))
    .slice(0, 5)
    .map((e) => `${e.tagName.toLowerCase()}.${e.className} ends at ${Math.round(e.getBoundingClientRect().right)}px`);
}

type FrameGlobals = { requestAnimationFrame(callback: () => void): number };

/** Resolves after the page has drawn two frames; runs in the page. */
function afterTwoFrames(): Promise<void> {
  const { requestAnimationFrame } = globalThis as unknown as FrameGlobals;
  return new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
}

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
    // What the user sees is the next frames: resize observers (the chart's) run before them.
    await page.evaluate(afterTwoFrames);
    // Responsive down to a phone: nothing reaches past the viewport's right edge (which would scroll the page).
    expect(await page.evaluate(overflowing)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, `${name}-${label}.png`), fullPage: true });
  }
  await page.setViewportSize(SIZES[0][1]);
}
