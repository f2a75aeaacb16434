import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useClient } from '../client-context';
import { jsonOnly, unwrap } from '../session';
import { ErrorState, Loading } from '../ui/states';
import { AnalyticsReport } from '../analytics/analytics-report';
import { download, seriesCsv } from '../analytics/csv';
import { rangeLabel, tenantQuery, type AnalyticsRange } from '../analytics/analytics-range';
import { RangePicker } from '../analytics/range-picker';

export function TenantAnalyticsPage() {
  const client = useClient();
  const [range, setRange] = useState<AnalyticsRange>({ window: '7d' });
  const report = useQuery({
    queryKey: ['tenant-analytics', range],
    queryFn: async () =>
      jsonOnly(unwrap(await client.GET('/v1/analytics', { params: { query: tenantQuery(range, new Date()) } }))),
    refetchInterval: 5_000,
  });
  return (
    <>
      <h1>Analytics</h1>
      <section className="card" aria-label="All links">
        <RangePicker value={range} onChange={setRange} />
        {report.data && (
          <p>
            <button
              type="button"
              onClick={() => download(`analytics-${rangeLabel(range)}.csv`, 'text/csv', seriesCsv(report.data))}
            >
              Download CSV
            </button>
          </p>
        )}
        {report.isPending && <Loading what="analytics" />}
        {report.isError && <ErrorState error={report.error} />}
        {report.data && <AnalyticsReport report={report.data} title="All links" />}
      </section>
    </>
  );
}
