import { text } from 'node:stream/consumers';
import type { TenantAnalytics } from './analytics-report';
import { renderCsv } from './render-csv';

const zero = { total: 1, clicks: 1, scans: 0, humans: 1, bots: 0 };

test('formula cells from visitors and tenants (referrer, city, link code) are neutralised and quoted', async () => {
  const report: TenantAnalytics = {
    from: '2026-01-01T00:00:00.000Z',
    to: '2026-01-02T00:00:00.000Z',
    granularity: 'day',
    totals: { ...zero, uniqueVisitors: 1 },
    series: [],
    breakdowns: {
      device: [],
      browser: [],
      os: [],
      country: [],
      source: [],
      city: [
        { value: '@SUM(1+1)*cmd|" /C calc"!A0', ...zero },
        { value: '+1+1', ...zero },
      ],
      referrer: [{ value: '=HYPERLINK("http://evil.example","x")', ...zero }],
    },
    links: [{ domain: 'go.example', code: '-2+3', ...zero }],
  };
  const lines = (await text(renderCsv(report))).trim().split('\n');
  expect(lines).toContain(`city,"'@SUM(1+1)*cmd|"" /C calc""!A0",1,1,0,1,0,`);
  expect(lines).toContain(`city,"'+1+1",1,1,0,1,0,`);
  expect(lines).toContain(`referrer,"'=HYPERLINK(""http://evil.example"",""x"")",1,1,0,1,0,`);
  expect(lines).toContain('link,go.example/-2+3,1,1,0,1,0,');
});
