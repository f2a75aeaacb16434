import Table from 'cli-table3';

/** One column of a table: the header and how to read a cell from a row. */
export interface Column<T> {
  header: string;
  value: (row: T) => unknown;
}

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A boxed table sized to its content (cli-table3); an empty list prints a short note instead of a bare header. */
export function renderTable<T>(rows: readonly T[], columns: readonly Column<T>[], emptyNote = '(none)'): string {
  if (rows.length === 0) return `${emptyNote}\n`;
  const table = new Table({ head: columns.map((c) => c.header), style: { head: [], border: [] } });
  for (const row of rows) table.push(columns.map((c) => cell(c.value(row))));
  return `${table.toString()}\n`;
}

/** Field/value pairs of one object, as a two-column table. */
export function renderRecord(record: Record<string, unknown>): string {
  const table = new Table({ style: { head: [], border: [] } });
  for (const [key, value] of Object.entries(record)) {
    if (value !== undefined) table.push({ [key]: cell(value) });
  }
  return `${table.toString()}\n`;
}
