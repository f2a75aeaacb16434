import { parse } from 'csv-parse/sync';
import { waitFor } from '@waymark/testkit';
import type { LinkAnalytics, TenantAnalytics } from '../src/reports/app/analytics-report';
import { startAnalyticsHarness, type AnalyticsHarness, type TestTenant } from './support/analytics-harness';
import { newClick, UA } from './support/click-builder';

// Now is 2025-06-15T12:30Z: the 24h window is [06-14T13:00, 06-15T13:00), 7d [06-09, 06-16), 30d [05-17, 06-16).
const NOW = new Date('2025-06-15T12:30:00Z');
const IPV6 = '2a03:2880:f003:c07:face:b00c::2';

let h: AnalyticsHarness;
let a: TestTenant;
let b: TestTenant;
let keyA: string;
let keyB: string;

async function json<T>(path: string, key = keyA): Promise<T> {
  const response = await h.get(path, key);
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const total = (path: string, key = keyA) => json<{ totals: { total: number } }>(path, key).then((r) => r.totals.total);

beforeAll(async () => {
  h = await startAnalyticsHarness(NOW);
  [a, b] = await Promise.all([h.tenant(), h.tenant()]);
  [keyA, keyB] = await Promise.all([a.key(['analytics', 'analytics:read']), b.key(['analytics', 'analytics:read'])]);
  const promo = await h.publishLink(a, 'promo', '2025-05-01T00:00:00.000Z');
  const other = await h.publishLink(a, 'sale,"25"', '2025-05-02T00:00:00.000Z');
  const promoB = await h.publishLink(b, 'promo', '2025-05-01T00:00:00.000Z');
  const c1 = newClick(promo, '2025-06-15T12:10:00Z', { referer: 'https://www.google.com/search?q=x' });
  const c8 = newClick(promo, '2025-06-09T00:00:00Z', { ip: '8.8.8.8', ua: UA.firefox });
  await h.publishClicks([
    c1,
    newClick(promo, '2025-06-15T11:05:00Z', { source: 'qr', ip: IPV6, ua: UA.iphone }),
    newClick(promo, '2025-06-15T12:20:00Z', { bot: true, ip: '8.8.8.8', ua: UA.slack }),
    newClick(promo, '2025-06-15T12:25:00Z', { method: 'HEAD', ip: '8.8.8.8' }),
    newClick(promo, '2025-06-15T12:15:00Z'),
    newClick(promo, '2025-06-14T13:00:00Z', { source: 'qr', ip: '8.8.8.8', ua: UA.firefox }),
    newClick(promo, '2025-06-14T12:59:59.999Z', { ip: '8.8.4.4', ua: UA.firefox }),
    c8,
    newClick(promo, '2025-06-08T23:59:59.999Z'),
    newClick(other, '2025-06-10T10:00:00Z', { source: 'qr', ip: '8.8.4.4', ua: UA.firefox }),
    newClick(promoB, '2025-06-15T12:00:00Z', { ip: '8.8.8.8' }),
  ]);
  // Redelivery of stored events, then a marker far outside every window on the same key (same partition, so after them).
  await h.publishClicks([{ ...c1 }, { ...c8 }, newClick(promo, '2025-03-01T10:00:00Z')]);
  await waitFor(async () => (await total('/v1/analytics?from=2025-03-01&to=2025-03-01')) === 1, {
    timeoutMs: 20_000,
    message: 'marker ingested',
  });
  await waitFor(async () => (await total('/v1/analytics?from=2025-06-10&to=2025-06-10')) === 1, {
    timeoutMs: 20_000,
    message: 'other link ingested',
  });
  await waitFor(async () => (await total('/v1/links/promo/analytics', keyB)) === 1, {
    timeoutMs: 20_000,
    message: 'tenant B ingested',
  });
}, 90_000);

afterAll(async () => {
  await h?.stop();
});

describe('per-link analytics', () => {
  it('counts the last 24 hours with humans, bots, HEAD requests and scans apart, each event once', async () => {
    const report = await json<LinkAnalytics>('/v1/links/promo/analytics?window=24h');
    expect(report).toMatchObject({ domain: a.domain, code: 'promo', window: '24h', granularity: 'hour' });
    expect(report.from).toBe('2025-06-14T13:00:00.000Z');
    expect(report.to).toBe('2025-06-15T13:00:00.000Z');
    expect(report.totals).toEqual({ total: 6, clicks: 4, scans: 2, humans: 4, bots: 2, uniqueVisitors: 3 });
    expect(report.series).toHaveLength(24);
    const nonEmpty = report.series.filter((p) => p.total > 0);
    expect(nonEmpty).toEqual([
      { start: '2025-06-14T13:00:00.000Z', total: 1, clicks: 0, scans: 1, humans: 1, bots: 0 },
      { start: '2025-06-15T11:00:00.000Z', total: 1, clicks: 0, scans: 1, humans: 1, bots: 0 },
      { start: '2025-06-15T12:00:00.000Z', total: 4, clicks: 4, scans: 0, humans: 2, bots: 2 },
    ]);
    const b = report.breakdowns;
    expect(b.country.map((e) => [e.value, e.total, e.humans])).toEqual([
      ['US', 4, 2],
      ['GB', 2, 2],
    ]);
    expect(b.city.map((e) => [e.value, e.total])).toEqual([
      [null, 3],
      ['Bracknell', 2],
      ['Ashburn', 1],
    ]);
    expect(b.browser.map((e) => [e.value, e.total])).toEqual([
      ['Chrome', 3],
      [null, 1],
      ['Firefox', 1],
      ['Mobile Safari', 1],
    ]);
    expect(b.device.map((e) => [e.value, e.total])).toEqual([
      ['desktop', 4],
      [null, 1],
      ['mobile', 1],
    ]);
    expect(b.os.map((e) => [e.value, e.total])).toEqual([
      ['Windows', 3],
      [null, 1],
      ['iOS', 1],
      ['Linux', 1],
    ]);
    expect(b.referrer.map((e) => [e.value, e.total])).toEqual([
      [null, 5],
      ['google.com', 1],
    ]);
    expect(b.source).toEqual([
      { value: 'click', total: 4, clicks: 4, scans: 0, humans: 2, bots: 2 },
      { value: 'qr', total: 2, clicks: 0, scans: 2, humans: 2, bots: 0 },
    ]);
  });

  it('includes an event at the first instant of a window and excludes one a millisecond before', async () => {
    const week = await json<LinkAnalytics>('/v1/links/promo/analytics?window=7d');
    expect(week.from).toBe('2025-06-09T00:00:00.000Z');
    expect(week.totals).toEqual({ total: 8, clicks: 6, scans: 2, humans: 6, bots: 2, uniqueVisitors: 4 });
    expect(week.series.map((p) => p.total)).toEqual([1, 0, 0, 0, 0, 2, 5]);
    const month = await json<LinkAnalytics>(`/v1/links/promo/analytics?window=30d&domain=${a.domain.toUpperCase()}`);
    expect(month.series).toHaveLength(30);
    expect(month.totals).toEqual({ total: 9, clicks: 7, scans: 2, humans: 7, bots: 2, uniqueVisitors: 4 });
  });

  it('answers 404 for an unknown code, another tenant’s link or a deleted link, and 400 for a bad window', async () => {
    expect((await h.get('/v1/links/nope/analytics', keyA)).status).toBe(404);
    expect((await h.get(`/v1/links/promo/analytics?domain=${b.domain}`, keyA)).status).toBe(404);
    const bad = await h.get('/v1/links/promo/analytics?window=1h', keyA);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'validation_failed' });
    const gone = await h.publishLink(a, 'gone', '2025-06-01T00:00:00.000Z');
    await waitFor(async () => (await h.get('/v1/links/gone/analytics', keyA)).status === 200, {
      message: 'link known',
    });
    await h.deleteLink(a, gone.code);
    await waitFor(async () => (await h.get('/v1/links/gone/analytics', keyA)).status === 404, {
      message: 'link deleted',
    });
  });

  it('answers a custom from/to range instead of a window, and refuses both together or a reversed range', async () => {
    const hours = await json<LinkAnalytics>(
      '/v1/links/promo/analytics?from=2025-06-14T13:00:00Z&to=2025-06-15T12:16:00Z',
    );
    expect(hours).toMatchObject({ code: 'promo', granularity: 'hour', from: '2025-06-14T13:00:00.000Z' });
    expect(hours.window).toBeUndefined();
    expect(hours.totals.total).toBe(4);
    const day = await json<LinkAnalytics>('/v1/links/promo/analytics?from=2025-06-08&to=2025-06-08');
    expect([day.from, day.to, day.totals.total]).toEqual(['2025-06-08T00:00:00.000Z', '2025-06-09T00:00:00.000Z', 1]);
    for (const query of ['window=7d&from=2025-06-08', 'from=2025-06-10&to=2025-06-01', 'to=tomorrow']) {
      const response = await h.get(`/v1/links/promo/analytics?${query}`, keyA);
      expect([query, response.status]).toEqual([query, 400]);
    }
    const csv = await h.get('/v1/links/promo/analytics?from=2025-06-08&to=2025-06-08&format=csv', keyA);
    expect(csv.headers.get('content-disposition')).toContain('promo-2025-06-08-2025-06-09.csv');
  });

  it('keeps tenants apart: the same code on another tenant counts only that tenant’s clicks', async () => {
    const report = await json<LinkAnalytics>('/v1/links/promo/analytics', keyB);
    expect(report.totals).toEqual({ total: 1, clicks: 1, scans: 0, humans: 1, bots: 0, uniqueVisitors: 1 });
    const tenant = await json<TenantAnalytics>('/v1/analytics?from=2025-01-01&to=2025-06-15', keyB);
    expect(tenant.links.map((l) => [l.domain, l.code, l.total])).toEqual([[b.domain, 'promo', 1]]);
  });

  it('checks scopes', async () => {
    const readOnly = await a.key(['links:read']);
    expect((await h.get('/v1/links/promo/analytics', readOnly)).status).toBe(403);
    expect((await h.get('/v1/analytics', readOnly)).status).toBe(403);
    const perLinkOnly = await a.key(['analytics']);
    expect((await h.get('/v1/analytics', perLinkOnly)).status).toBe(403);
  });
});

describe('tenant-wide analytics', () => {
  it('sums whole days from rollups with the top links', async () => {
    const report = await json<TenantAnalytics>('/v1/analytics?from=2025-06-01&to=2025-06-15');
    expect(report).toMatchObject({
      from: '2025-06-01T00:00:00.000Z',
      to: '2025-06-16T00:00:00.000Z',
      granularity: 'day',
    });
    // Every promo click but the marker (06-08T23:59:59.999 included), and the other link's scan.
    expect(report.totals).toEqual({ total: 10, clicks: 7, scans: 3, humans: 8, bots: 2, uniqueVisitors: 4 });
    expect(report.series).toHaveLength(15);
    expect(report.links.map((l) => [l.code, l.total, l.scans])).toEqual([
      ['promo', 9, 2],
      ['sale,"25"', 1, 1],
    ]);
  });

  it('reads partial days at date-time edges from the facts, exactly', async () => {
    const daily = await json<TenantAnalytics>('/v1/analytics?from=2025-06-08T12:00:00Z&to=2025-06-14T13:00:00Z');
    expect(daily.totals).toEqual({ total: 4, clicks: 3, scans: 1, humans: 4, bots: 0, uniqueVisitors: 3 });
    const hourly = await json<TenantAnalytics>(
      '/v1/analytics?from=2025-06-14T13:00:00Z&to=2025-06-15T12:16:00%2B00:00',
    );
    expect(hourly.granularity).toBe('hour');
    expect(hourly.totals).toEqual({ total: 4, clicks: 2, scans: 2, humans: 4, bots: 0, uniqueVisitors: 3 });
  });

  it('defaults to the last 7 days and refuses bad ranges', async () => {
    const report = await json<TenantAnalytics>('/v1/analytics');
    expect([report.from, report.to]).toEqual(['2025-06-09T00:00:00.000Z', '2025-06-16T00:00:00.000Z']);
    expect(report.totals.total).toBe(9);
    for (const query of [
      'from=2025-06-10&to=2025-06-01',
      'from=yesterday',
      'to=2025-13-01',
      'from=2024-01-01&to=2025-01-02',
      'top=0',
    ]) {
      const response = await h.get(`/v1/analytics?${query}`, keyA);
      expect([query, response.status]).toEqual([query, 400]);
    }
  });

  it('takes the per-link window and from/to, and refuses bad or unknown parameters as the per-link report does', async () => {
    const day = await json<TenantAnalytics>('/v1/analytics?window=24h');
    expect(day).toMatchObject({ window: '24h', granularity: 'hour', from: '2025-06-14T13:00:00.000Z' });
    const sameRange = await json<TenantAnalytics>('/v1/analytics?from=2025-06-14T13:00:00Z&to=2025-06-15T13:00:00Z');
    expect(day.totals).toEqual(sameRange.totals);
    const month = await json<TenantAnalytics>('/v1/analytics?window=30d');
    expect([month.window, month.from, month.to]).toEqual([
      '30d',
      '2025-05-17T00:00:00.000Z',
      '2025-06-16T00:00:00.000Z',
    ]);
    expect((await json<TenantAnalytics>('/v1/analytics?from=2025-06-01')).window).toBeUndefined();
    for (const [query, path] of [
      ['window=1y', 'window'],
      ['window=7d&from=2025-06-08', 'window'],
      ['range=7d', 'range'],
      ['window=7d&utm_source=x', 'utm_source'],
    ]) {
      for (const report of ['/v1/analytics', '/v1/links/promo/analytics']) {
        const response = await h.get(`${report}?${query}`, keyA);
        const body = (await response.json()) as { code: string; details: Array<{ path: string }> };
        expect([report, query, response.status, body.code, body.details[0]?.path]).toEqual([
          report,
          query,
          400,
          'validation_failed',
          path,
        ]);
      }
    }
  });

  it('exports CSV with correct quoting', async () => {
    const response = await h.get('/v1/analytics?from=2025-06-01&to=2025-06-15&format=csv', keyA);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    const rows = parse(await response.text(), { columns: true }) as Array<Record<string, string>>;
    expect(rows[0]).toEqual({
      section: 'totals',
      key: '',
      total: '10',
      clicks: '7',
      scans: '3',
      humans: '8',
      bots: '2',
      unique_visitors: '4',
    });
    expect(rows.find((r) => r.section === 'link' && r.key === `${a.domain}/sale,"25"`)).toMatchObject({ total: '1' });
    const perLink = await h.get('/v1/links/promo/analytics?window=7d&format=csv', keyA);
    expect(perLink.headers.get('content-disposition')).toContain('promo-7d.csv');
  });
});
