import type { ImportFormat } from '@waymark/csv';
import { readCsvRows } from './csv-rows';
import type { ImportRow } from './import-row';
import { readJsonRows } from './json-rows';

// The readers of each format import the row from import-row.ts; the form takes all of it from here.
export { ImportFileError, type ImportRow } from './import-row';

/** Streams the rows of the chosen file without reading it whole, so a file of any size can be imported. */
export function readImportRows(file: File, format: ImportFormat): AsyncGenerator<ImportRow> {
  return format === 'csv' ? readCsvRows(file) : readJsonRows(file, format === 'jsonl');
}
