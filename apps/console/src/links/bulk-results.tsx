import { useState } from 'react';
import { linkHref } from '../router';
import { DataTable, type Column } from '../ui/data-table';
import { errorText } from './failed-rows-csv';
import type { LinkRowResult } from './bulk-run';

/** Rows shown on the page; the failed-rows download has every row that was not created. */
const SHOWN = 500;

const COLUMNS: Column<LinkRowResult>[] = [
  { header: 'Line', cell: (r) => r.row.line },
  { header: 'Destination', className: 'url', cell: (r) => String(r.row.record?.destination ?? r.row.cells.join(', ')) },
  {
    header: 'Result',
    cell: (r) =>
      r.status === 'created' && r.shortUrl && r.code ? (
        <>
          <span className="badge active">created</span>{' '}
          <a href={linkHref(new URL(r.shortUrl).host, r.code)}>{r.shortUrl}</a>
        </>
      ) : (
        <>
          <span className="badge disabled">{r.status}</span> {errorText(r)}
        </>
      ),
  },
];

/** One line per row of the file: the created short URL, or the row's error. */
export function BulkResults({ results }: { results: readonly LinkRowResult[] }) {
  const [onlyFailed, setOnlyFailed] = useState(false);
  const rows = onlyFailed ? results.filter((r) => r.status !== 'created') : results;
  return (
    <>
      <label className="check">
        <input type="checkbox" checked={onlyFailed} onChange={(e) => setOnlyFailed(e.target.checked)} /> Show only the
        rows that were not created
      </label>
      <DataTable
        testId="bulk-results"
        caption="Results by row"
        shown={SHOWN}
        columns={COLUMNS}
        rows={rows}
        rowKey={(r) => r.row.line}
        rowClassName={(r) => (r.status === 'created' ? undefined : 'failed-row')}
      />
    </>
  );
}
