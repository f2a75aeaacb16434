import type { Report } from './analytics-report';

/** The time series as CSV, built from the answer already shown, so the download equals the chart. */
export function seriesCsv(report: Report): string {
  const columns = ['start', 'total', 'clicks', 'scans', 'humans', 'bots'];
  const rows = report.series.map((p) =>
    columns.map((c) => String((p as unknown as Record<string, unknown>)[c] ?? '')).join(','),
  );
  return [columns.join(','), ...rows].join('\n') + '\n';
}

export function download(name: string, type: string, content: BlobPart): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const anchor = Object.assign(document.createElement('a'), { href: url, download: name });
  anchor.click();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
