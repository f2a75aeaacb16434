import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useClient } from '../client-context';
import { jsonOnly, unwrap } from '../session';
import { ErrorState, Loading } from '../ui/states';
import { AnalyticsReport } from '../analytics/analytics-report';
import { download, seriesCsv } from '../analytics/csv';

type Window = '24h' | '7d' | '30d';

/** Per-link analytics, polled every 3 s so a visit shows up within seconds without a reload. */
export function LinkAnalytics({ domain, code }: { domain: string; code: string }) {
  const client = useClient();
  const [window, setWindow] = useState<Window>('24h');
  const report = useQuery({
    queryKey: ['link-analytics', domain, code, window],
    queryFn: async () =>
      jsonOnly(
        unwrap(
          await client.GET('/v1/links/{code}/analytics', { params: { path: { code }, query: { window, domain } } }),
        ),
      ),
    refetchInterval: 3_000,
  });
  return (
    <section className="card" aria-labelledby="analytics-title">
      <h2 id="analytics-title">Analytics</h2>
      <div className="segmented" role="group" aria-label="Window">
        {(['24h', '7d', '30d'] as const).map((w) => (
          <button key={w} type="button" aria-pressed={w === window} onClick={() => setWindow(w)}>
            {w}
          </button>
        ))}
        {report.data && (
          <button type="button" onClick={() => download(`${code}-${window}.csv`, 'text/csv', seriesCsv(report.data))}>
            Download CSV
          </button>
        )}
      </div>
      {report.isPending && <Loading what="analytics" />}
      {report.isError && <ErrorState error={report.error} />}
      {report.data && <AnalyticsReport report={report.data} title={`${domain}/${code}`} />}
    </section>
  );
}
