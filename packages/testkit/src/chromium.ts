import type { BrowserContext, Page } from 'playwright-core';
import { findBinary } from './find-binary';
import { createTempDir, removeTempDir } from './temp-dir';

/**
 * Flags for a quiet headless Debian chromium: no sandbox (tests may run as root), no GPU, and none of the background
 * traffic (updates, sync, QUIC probes) that would reach outside the machine.
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface LaunchedChromium {
  /** The browser's one context (a fresh profile); open pages with `newPage()`. */
  context: BrowserContext;
  newPage(): Promise<Page>;
  /** Closes the browser and removes its profile directory. */
  close(): Promise<void>;
}

/**
 * The system chromium (apt package `chromium`, see scripts/provision-test-deps.sh) driven by playwright-core, with a
 * fresh profile per launch. Playwright's own browser downloads are never used.
 */
export async function launchChromium(): Promise<LaunchedChromium> {
  const executablePath = findBinary('chromium', 'bash scripts/provision-test-deps.sh');
  const { chromium } = await import('playwright-core');
  const profile = createTempDir('chromium');
  // Playwright refuses --user-data-dir in args; a persistent context is how it takes a profile directory.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    args: CHROMIUM_ARGS,
  });
  return {
    context,
    newPage: () => context.newPage(),
    close: async () => {
      await context.close();
      removeTempDir(profile);
    },
  };
}
