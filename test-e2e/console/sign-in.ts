import type { Page } from 'playwright-core';

/** Collects the page's console errors and uncaught exceptions, which every console test expects to stay empty. */
export function collectErrors(page: Page, errors: string[]): void {
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
}

/** Signs `page` in to the console at `apiUrl` with a tenant's API key and waits until the signed-in shell is shown. */
export async function signInWithKey(page: Page, apiUrl: string, apiKey: string): Promise<void> {
  await page.goto(`${apiUrl}/`);
  await page.getByLabel('API key').fill(apiKey);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('link', { name: 'This key', exact: true }).waitFor();
}
