import type { Page } from 'playwright-core';

export interface PageWatch {
  /** Each Content-Security-Policy violation the page reported: `<directive> <blocked URI> at <source file>`. */
  readonly violations: string[];
  /** Each request the page sent to an origin other than `origin`. */
  readonly foreignRequests: string[];
}

type Violation = { violatedDirective: string; blockedURI: string; sourceFile: string };
type ViolationGlobals = {
  document: { addEventListener(type: string, listener: (event: Violation) => void): void };
  reportCspViolation(text: string): void;
};

/** In the page, before its own scripts: hands every `securitypolicyviolation` event to the test. */
function listenForViolations(): void {
  const g = globalThis as unknown as ViolationGlobals;
  g.document.addEventListener('securitypolicyviolation', (event) =>
    g.reportCspViolation(`${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}`),
  );
}

/**
 * Watches `page` for what a strict Content-Security-Policy is about: violations it reports (in every frame of this
 * page, from the first script on) and requests that leave `origin` (`data:` and `blob:` URLs stay in the page).
 */
export async function watchPage(page: Page, origin: string): Promise<PageWatch> {
  const watch: PageWatch = { violations: [], foreignRequests: [] };
  await page.exposeFunction('reportCspViolation', (text: string) => watch.violations.push(text));
  await page.addInitScript(listenForViolations);
  page.on('request', (request) => {
    const url = request.url();
    if (/^(data|blob):/.test(url)) return;
    if (new URL(url).origin !== origin) watch.foreignRequests.push(url);
  });
  return watch;
}
