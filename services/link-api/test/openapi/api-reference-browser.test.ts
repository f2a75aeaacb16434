import { launchChromium, type LaunchedChromium } from '@waymark/testkit';
import { loadPublicOpenApi } from '../../src/http/links/public-openapi';
import { startLinksApi, type Api } from '../support/links-fixture';

let api: Api;
let chromium: LaunchedChromium;

beforeAll(async () => {
  [api, chromium] = await Promise.all([startLinksApi(), launchChromium()]);
}, 60_000);

afterAll(async () => {
  await chromium?.close();
  await api?.stop();
});

/** Every operation of the public document, as Redoc names it in its menu. */
function operationSummaries(): string[] {
  const paths = loadPublicOpenApi().paths as Record<string, Record<string, { summary?: string }>>;
  return Object.values(paths).flatMap((item) => Object.values(item).map((op) => op.summary ?? ''));
}

describe('GET /docs in a headless browser', () => {
  it('renders every operation of the public document, each with its summary', async () => {
    const page = await chromium.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${api.url}/docs`);

    await page.locator('h2', { hasText: 'Create a link' }).first().waitFor({ timeout: 30_000 });
    const headings = await page.locator('h2').allInnerTexts();
    const summaries = operationSummaries();
    expect(summaries.length).toBeGreaterThan(30);
    expect(summaries.filter((summary) => !headings.includes(summary))).toEqual([]);
    expect(errors).toEqual([]);
  }, 90_000);
});
