import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useClient } from '../client-context';
import { jsonOnly, unwrap } from '../session';
import { ErrorState, Loading } from '../ui/states';
import { AnalyticsReport } from '../analytics/analytics-report';
import { download, seriesCsv } from '../analytics/csv';

const DAYS = { '24h': 1, '7d': 7, '30d': 30 } as const;

export function TenantAnalyticsPage() {
  const client = useClient();
  const [window, setWindow] = useState<keyof typeof DAYS>('7d');
  const report = useQuery({
    queryKey: ['tenant-analytics', window],
    queryFn: async () => {
      const to = new Date();
      const from = new Date(to.getTime() - DAYS[window] * 86_400_000);
      return jsonOnly(
        unwrap(
          await client.GET('/v1/analytics', { params: { query: { from: from.toISOString(), to: to.toISOString() } } }),
        ),
      );
    },
    refetchInterval: 5_000,
  });
  return (
    <>
      <h1>Analytics</h1>
      <section className="card">
        <label>
          Window{' '}
          <select value={window} onChange={(e) => setWindow(e.target.value as keyof typeof DAYS)}>
            {Object.keys(DAYS).map((w) => (
              <option key={w}>{w}</option>
            ))}
          </select>
        </label>
        {report.data && (
          <button type="button" onClick={() => download(`analytics-${window}.csv`, 'text/csv', seriesCsv(report.data))}>
            Download CSV
          </button>
        )}
        {report.isPending && <Loading what="analytics" />}
        {report.isError && <ErrorState error={report.error} />}
        {report.data && <AnalyticsReport report={report.data} title="All links" />}
      </section>
    </>
  );
}
