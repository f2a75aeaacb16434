import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useClient } from '../client-context';
import { jsonOnly, unwrap } from '../session';
import { ErrorState, Loading } from '../ui/states';
import { AnalyticsReport } from '../analytics/analytics-report';
import { download, seriesCsv } from '../analytics/csv';
import { rangeLabel, type AnalyticsRange } from '../analytics/analytics-range';
import { RangePicker } from '../analytics/range-picker';

/**
 * Per-link analytics over a window or a custom range, polled every 3 s so a visit shows up within seconds without
 * a reload. The chart and the CSV download both come from the one answer for the chosen range.
 */
export function LinkAnalytics({ domain, code }: { domain: string; code: string }) {
  const client = useClient();
  const [range, setRange] = useState<AnalyticsRange>({ window: '24h' });
  const report = useQuery({
    queryKey: ['link-analytics', domain, code, range],
    queryFn: async () =>
      jsonOnly(
        unwrap(
          await client.GET('/v1/links/{code}/analytics', {
            params: { path: { code }, query: { ...range, domain } },
          }),
        ),
      ),
    refetchInterval: 3_000,
  });
  return (
    <section className="card" aria-labelledby="analytics-title">
      <h2 id="analytics-title">Analytics</h2>
      <RangePicker value={range} onChange={setRange} />
      {report.data && (
        <p>
          <button
            type="button"
            onClick={() => download(`${code}-${rangeLabel(range)}.csv`, 'text/csv', seriesCsv(report.data))}
          >
            Download CSV
          </button>
        </p>
      )}
      {report.isPending && <Loading what="analytics" />}
      {report.isError && <ErrorState error={report.error} />}
      {report.data && <AnalyticsReport report={report.data} title={`${domain}/${code}`} />}
    </section>
  );
}
