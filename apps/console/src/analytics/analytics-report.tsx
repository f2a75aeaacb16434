import { SeriesChart, type SeriesPoint } from './series-chart';

interface Entry {
  value: string | null;
  total: number;
  humans: number;
  bots: number;
}
export interface Report {
  totals: { total: number; clicks: number; scans: number; humans: number; bots: number };
  series: SeriesPoint[];
  breakdowns: Record<string, Entry[]>;
}

/** Totals, the human/bot time series and every breakdown of an analytics answer (per link or per tenant). */
export function AnalyticsReport({ report, title }: { report: Report; title: string }) {
  const t = report.totals;
  return (
    <>
      <dl className="totals" aria-label="Totals">
        {(['total', 'clicks', 'scans', 'humans', 'bots'] as const).map((k) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd data-testid={`total-${k}`}>{t[k]}</dd>
          </div>
        ))}
      </dl>
      <SeriesChart points={report.series} label={`${title}: humans and bots over time`} />
      <div className="breakdowns">
        {Object.entries(report.breakdowns).map(([dimension, entries]) => (
          <table key={dimension}>
            <caption>By {dimension}</caption>
            <thead>
              <tr>
                <th scope="col">{dimension}</th>
                <th scope="col">Total</th>
                <th scope="col">Humans</th>
              </tr>
            </thead>
            <tbody>
              {entries.length === 0 && (
                <tr>
                  <td colSpan={3}>No data</td>
                </tr>
              )}
              {entries.map((e) => (
                <tr key={e.value ?? '(unknown)'}>
                  <td>{e.value ?? '(unknown)'}</td>
                  <td>{e.total}</td>
                  <td>{e.humans}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      </div>
    </>
  );
}
