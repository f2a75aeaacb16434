import type { Page } from 'playwright-core';

/** When a page became interactive, in ms from its navigation start, and the main thread's long tasks until then. */
export interface Interactive {
  ms: number;
  longTasks: number;
  longTaskMs: number;
}

/**
 * Browser code installed before any of the page's scripts, on every document the context loads. The page counts as
 * interactive when `selector` matches a rendered, enabled element (checked on every animation frame) and the main
 * thread then runs the next queued task: the moment a click or a key press on that element would be handled. Long
 * tasks (PerformanceObserver) say whether script work delayed it. Times are `performance.now()`, ms since the
 * navigation started.
 */
export function probeScript(selector: string): string {
  return `(() => {
  const wanted = ${JSON.stringify(selector)};
  const tasks = [];
  try {
    new PerformanceObserver((list) => tasks.push(...list.getEntries())).observe({ type: 'longtask', buffered: true });
  } catch {}
  window.__interactive = new Promise((resolve) => {
    const settle = () => {
      const ms = performance.now();
      // Long tasks reach the observer asynchronously: give it a moment before reading them.
      setTimeout(() => {
        const before = tasks.filter((t) => t.startTime < ms);
        resolve({ ms, longTasks: before.length, longTaskMs: before.reduce((sum, t) => sum + t.duration, 0) });
      }, 100);
    };
    const check = () => {
      const element = document.querySelector(wanted);
      if (element && !element.disabled && element.getClientRects().length > 0) {
        const channel = new MessageChannel();
        channel.port1.onmessage = settle;
        channel.port2.postMessage(null);
        return;
      }
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
})();`;
}

type ProbeGlobals = { __interactive?: Promise<Interactive> };

/** Waits for the probe of the page's current document. */
export async function interactiveOf(page: Page): Promise<Interactive> {
  return page.evaluate(() => (globalThis as unknown as ProbeGlobals).__interactive as Promise<Interactive>);
}
