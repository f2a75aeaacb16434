import type { Page } from 'playwright-core';

interface Entry {
  name: string;
  startTime: number;
  responseEnd: number;
  transferSize: number;
}

/**
 * The requests of the page's document (Resource Timing), in start order: where the time to interactive goes (the
 * bundle, the API calls and what waits for what). `from` drops what started before it, in ms since navigation start.
 */
export async function waterfall(page: Page, from = 0): Promise<string[]> {
  const entries = (await page.evaluate(`(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    const all = [nav, ...performance.getEntriesByType('resource')].filter(Boolean);
    return all.map((e) => ({
      name: e.name, startTime: e.startTime, responseEnd: e.responseEnd, transferSize: e.transferSize,
    }));
  })()`)) as Entry[];
  return entries
    .filter((e) => e.startTime >= from)
    .sort((a, b) => a.startTime - b.startTime)
    .map((e) => {
      const url = new URL(e.name);
      const what = `${url.pathname}${url.search}`.slice(0, 60);
      const bytes = e.transferSize > 0 ? `${(e.transferSize / 1024).toFixed(1)} KB` : 'cached';
      const span = `${Math.round(e.startTime)}-${Math.round(e.responseEnd)} ms`;
      const took = `${Math.round(e.responseEnd - e.startTime)} ms`;
      return `  ${span.padStart(14)}  ${took.padStart(8)}  ${bytes.padStart(9)}  ${what}`;
    });
}
