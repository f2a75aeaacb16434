import type { Key, ReactNode } from 'react';

/** One column: its header and how a row fills its cell. */
export interface Column<T> {
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Class of the cell, e.g. `url` for values that may wrap anywhere. */
  className?: string;
}

export interface DataTableProps<T> {
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T, index: number) => Key;
  caption?: ReactNode;
  /** At most this many rows are drawn (a long import's results); the caption says so. */
  shown?: number;
  rowClassName?: (row: T) => string | undefined;
  /** Drawn as one full-width row when there are no rows; without it an empty table has no body rows. */
  emptyRow?: ReactNode;
  testId?: string;
}

/** Every table of the console: scrollable on narrow screens, headers scoped to their columns. */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  caption,
  shown,
  rowClassName,
  emptyRow,
  testId,
}: DataTableProps<T>) {
  const drawn = shown === undefined ? rows : rows.slice(0, shown);
  const cut = shown !== undefined && rows.length > shown ? `, the first ${shown} shown` : '';
  return (
    <div className="table-wrap">
      <table data-testid={testId}>
        {caption !== undefined && (
          <caption>
            {caption}
            {shown !== undefined && ` (${rows.length}${cut})`}
          </caption>
        )}
        <thead>
          <tr>
            {columns.map((column, i) => (
              <th scope="col" key={i}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {drawn.length === 0 && emptyRow !== undefined && (
            <tr>
              <td colSpan={columns.length}>{emptyRow}</td>
            </tr>
          )}
          {drawn.map((row, index) => (
            <tr key={rowKey(row, index)} className={rowClassName?.(row)}>
              {columns.map((column, i) => (
                <td key={i} className={column.className}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
