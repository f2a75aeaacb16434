/*
 * `npm run bench:console`: how soon the web console is interactive in Debian chromium against the embedded system
 * (`npm start`), cold (a fresh profile: empty cache) and warm, beside a static HTML page served by the same server
 * and loaded by the same browser in the same run. The target: the first page interactive in under 1 s.
 * Figures only: nothing here asserts a timing.
 */
import { rmSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { launchChromium, waitFor, type LaunchedChromium } from '@waymark/testkit';
import { builtConsole } from '../../support/built-console';
import { startEmbeddedSystem, type RunningSystem } from '../../console/embedded-system';
import { BASELINE_PATH, consoleDirWithBaseline } from './baseline-page';
import { interactiveOf, probeScript, type Interactive } from './interactive-probe';
import { printTable, type Row } from './figures';
import { waterfall } from './waterfall';

const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const TARGET_MS = 1_000;
/** The sign-in page's key field, or a link in the links list (the console's, or the baseline's table). */
const READY = '#api-key, main table tbody td a[href]';
const LINKS = 25;

let system: RunningSystem;
let consoleDir: string;
const print = (line: string) => process.stdout.write(`${line}\n`);

beforeAll(async () => {
  builtConsole();
  consoleDir = consoleDirWithBaseline();
  system = await startEmbeddedSystem({ WAYMARK_CONSOLE_DIR: consoleDir });
  await onUnlimitedPlan(system);
  const rows = Array.from({ length: LINKS }, (_, i) => ({ destination: `https://example.com/p/${i}`, code: `b${i}` }));
  const response = await fetch(`${system.apiUrl}/v1/links/bulk`, {
    method: 'POST',
    headers: { 'x-api-key': system.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ rows }),
  });
  if (response.status !== 200) throw new Error(`seeding links answered ${response.status}: ${await response.text()}`);
}, 300_000);

/**
 * A plan whose rate limit the benchmark stays under, for the default tenant: the figures measure loading, not the
 * SDK waiting out a 429 of the default plan's burst (every load lists links; each sign-in makes five calls).
 */
async function onUnlimitedPlan(target: RunningSystem): Promise<void> {
  const operator = { authorization: `Bearer ${target.operatorToken}`, 'content-type': 'application/json' };
  const policy = async () =>
    (await fetch(`${target.apiUrl}/v1/links?limit=1`, { headers: { 'x-api-key': target.apiKey } })).headers.get(
      'ratelimit-policy',
    );
  const before = await policy();
  const plan = { rateLimitPerMinute: 1_000_000, burst: 100_000, bulkRowCap: 500, exportsPerHour: 10 };
  for (const [path, method, body] of [
    ['/admin/v1/plans/bench', 'PUT', plan],
    [`/admin/v1/tenants/${target.defaultTenantId}`, 'PATCH', { plan: 'bench' }],
  ] as const) {
    const response = await fetch(`${target.apiUrl}${path}`, { method, headers: operator, body: JSON.stringify(body) });
    if (response.status !== 200) throw new Error(`${method} ${path} answered ${response.status}`);
  }
  await waitFor(async () => (await policy()) !== before, { timeoutMs: 30_000, intervalMs: 500 });
}

afterAll(async () => {
  await system?.stop();
  if (consoleDir) rmSync(consoleDir, { recursive: true, force: true });
});

/** A browser whose every tab runs the probe and, when `signedIn`, holds the key as the sign-in form stores it. */
async function browserFor(signedIn: boolean): Promise<LaunchedChromium> {
  const browser = await launchChromium();
  await prepare(browser.context, signedIn);
  return browser;
}

async function prepare(context: BrowserContext, signedIn: boolean): Promise<void> {
  await context.addInitScript({ content: probeScript(READY) });
  if (signedIn) {
    const key = JSON.stringify(system.apiKey);
    await context.addInitScript({ content: `sessionStorage.setItem('waymark.apiKey', ${key});` });
  }
}

/** One load in a new tab: navigation start to interactive. */
async function load(browser: LaunchedChromium, url: string): Promise<{ page: Page; interactive: Interactive }> {
  const page = await browser.newPage();
  await page.goto(url, { waitUntil: 'commit' });
  return { page, interactive: await interactiveOf(page) };
}

async function cold(url: string, signedIn: boolean): Promise<Interactive[]> {
  const figures: Interactive[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const browser = await browserFor(signedIn);
    try {
      const { page, interactive } = await load(browser, url);
      figures.push(interactive);
      waterfalls[`cold ${url}`] = await waterfall(page);
    } finally {
      await browser.close();
    }
  }
  return figures;
}

async function warm(url: string, signedIn: boolean): Promise<Interactive[]> {
  const browser = await browserFor(signedIn);
  try {
    await (await load(browser, url)).page.close();
    const figures: Interactive[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const { page, interactive } = await load(browser, url);
      figures.push(interactive);
      await page.close();
    }
    return figures;
  } finally {
    await browser.close();
  }
}

/** The requests of the last sign-in and of the last cold load of the links list, printed under the figures. */
const waterfalls: Record<string, string[]> = {};

/** From the click on "Sign in" (key typed) to the links list interactive, in a warm tab. */
async function signIn(): Promise<Interactive[]> {
  const browser = await browserFor(false);
  const figures: Interactive[] = [];
  try {
    for (let run = 0; run <= RUNS; run += 1) {
      const { page } = await load(browser, `${system.apiUrl}/`);
      await page.getByLabel('API key').fill(system.apiKey);
      const clickedAt = (await page.evaluate('performance.now()')) as number;
      const figure = await page.evaluate(`(async () => {
        const clicked = performance.now();
        document.querySelector('form button[type=submit]').click();
        const links = 'main table tbody td a[href]';
        while (!document.querySelector(links)) await new Promise((r) => requestAnimationFrame(r));
        await new Promise((r) => { const c = new MessageChannel(); c.port1.onmessage = r; c.port2.postMessage(null); });
        return { ms: performance.now() - clicked, longTasks: 0, longTaskMs: 0 };
      })()`);
      if (run > 0) figures.push(figure as Interactive);
      waterfalls['sign in (ms since the tab opened)'] = await waterfall(page, clickedAt);
      await page.close();
    }
    return figures;
  } finally {
    await browser.close();
  }
}

it('prints how soon the console is interactive beside a static page from the same server', async () => {
  const baseline = `${system.apiUrl}${BASELINE_PATH}`;
  const links = `${system.apiUrl}/#/links`;
  const rows: Row[] = [
    { name: 'baseline: static page, cold', figures: await cold(baseline, false) },
    { name: 'baseline: static page, warm', figures: await warm(baseline, false) },
    { name: 'console sign-in page, cold', figures: await cold(`${system.apiUrl}/`, false) },
    { name: 'console sign-in page, warm', figures: await warm(`${system.apiUrl}/`, false) },
    { name: 'console links list (signed in), cold', figures: await cold(links, true), target: TARGET_MS },
    { name: 'console links list (signed in), warm', figures: await warm(links, true), target: TARGET_MS },
    { name: 'sign in: click to links list', figures: await signIn() },
  ];
  print('');
  print(`console: navigation start to interactive, Debian chromium headless, ${RUNS} runs each, ${LINKS} links listed`);
  printTable(rows, print);
  for (const [what, lines] of Object.entries(waterfalls)) {
    print('');
    print(`requests of the last ${what}:`);
    lines.forEach((line) => print(line));
  }
});
