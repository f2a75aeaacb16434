import { DataTable, type Column } from '../ui/data-table';
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
          <DataTable
            key={dimension}
            caption={`By ${dimension}`}
            columns={breakdownColumns(dimension)}
            rows={entries}
            rowKey={(e) => e.value ?? '(unknown)'}
            emptyRow="No data"
          />
        ))}
      </div>
    </>
  );
}

function breakdownColumns(dimension: string): Column<Entry>[] {
  return [
    { header: dimension, cell: (e) => e.value ?? '(unknown)' },
    { header: 'Total', cell: (e) => e.total },
    { header: 'Humans', cell: (e) => e.humans },
  ];
}
