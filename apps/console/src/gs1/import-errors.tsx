import type { RowError } from '@waymark/csv';
import { DataTable, type Column } from '../ui/data-table';

/** Rows shown on the page; the downloadable report has them all. */
const SHOWN = 200;

const COLUMNS: Column<RowError>[] = [
  { header: 'Line', cell: (e) => e.line },
  { header: 'GTIN', cell: (e) => e.gtin || '—' },
  {
    header: 'Error',
    cell: (e) => (
      <>
        {e.error} <code>{e.errorCode}</code>
      </>
    ),
  },
];

export function ImportErrors({ errors }: { errors: readonly RowError[] }) {
  return (
    <DataTable
      testId="import-errors"
      caption="Rows not imported"
      shown={SHOWN}
      columns={COLUMNS}
      rows={errors}
      rowKey={(e, i) => `${e.line}-${i}`}
    />
  );
}
