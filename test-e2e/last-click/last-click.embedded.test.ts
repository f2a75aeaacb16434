import { waitFor } from '@waymark/testkit';
import { issueTenantKey, startEmbeddedWaymark, type EmbeddedWaymark } from '../support/embedded-waymark';
import { pathOf, visit } from '../system/support/visitor';

jest.setTimeout(300_000);

interface LinkBody {
  code: string;
  shortUrl: string;
  updatedAt: string;
  lastClickAt: string | null;
}

// The embedded mode as `npm start` runs it: a visit goes redirector -> clicks.v1 -> analytics-ingest (link_activity)
// -> link-activity.v1 -> link-api, all on the in-process bus.
describe('lastClickAt of a visited link', () => {
  let system: EmbeddedWaymark;
  let key: string;

  beforeAll(async () => {
    system = await startEmbeddedWaymark();
    key = await issueTenantKey(system, ['links:read', 'links:write']);
  }, 240_000);

  afterAll(async () => {
    await system?.stop();
  }, 60_000);

  const api = async (method: string, path: string, body?: unknown): Promise<LinkBody> => {
    const response = await fetch(`${system.apiUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (response.status >= 300) throw new Error(`${method} ${path} answered ${response.status}`);
    return (await response.json()) as LinkBody;
  };

  /** A counted click (GET): resolves with the time range it was made in. */
  const click = async (host: string, path: string) => {
    const before = Date.now();
    expect((await visit(system.visitorPort, host, path)).status).toBe(302);
    return { before, after: Date.now() };
  };

  const lastClickAt = async (code: string, from: number) =>
    waitFor(
      async () => {
        const { lastClickAt } = await api('GET', `/v1/links/${code}`);
        return lastClickAt !== null && Date.parse(lastClickAt) >= from && Date.parse(lastClickAt);
      },
      // The default tenant's plan allows a request a second: polling stays under it.
      { timeoutMs: 60_000, intervalMs: 1_500, message: `lastClickAt of ${code} at or after ${from}` },
    );

  it('is the time of the latest click, a few seconds later, and follows later clicks; not an edit', async () => {
    const link = await api('POST', '/v1/links', { destination: 'https://example.com/last-click' });
    expect(link.lastClickAt).toBeNull();
    const { host, path } = pathOf(link.shortUrl);

    const first = await click(host, path);
    const firstAt = await lastClickAt(link.code, first.before);
    expect(firstAt).toBeLessThanOrEqual(first.after);

    // A HEAD request is not a click; the GET after it is the one lastClickAt must show.
    expect((await visit(system.visitorPort, host, path, { method: 'HEAD' })).status).toBe(302);
    const second = await click(host, path);
    const secondAt = await lastClickAt(link.code, second.before);
    expect(secondAt).toBeLessThanOrEqual(second.after);

    expect((await api('GET', `/v1/links/${link.code}`)).updatedAt).toBe(link.updatedAt);
  });
});
