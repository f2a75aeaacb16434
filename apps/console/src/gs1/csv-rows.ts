import Papa from 'papaparse';
import { csvRowToRecord, mapCsvHeader, type ColumnMapping } from '@waymark/csv';
import { ImportFileError, type ImportRow } from './import-row';
import { PullQueue } from './pull-queue';

/** Rows parsed ahead of the batch being sent; the parser waits beyond that. */
const READ_AHEAD = 1_000;

const newlines = (cells: readonly string[]) => cells.reduce((n, cell) => n + (cell.match(/\n/g)?.length ?? 0), 0);

/**
 * A CSV file with a header row, streamed by Papa Parse (read in chunks, paused while rows wait). Columns are mapped
 * by @waymark/csv, the same mapping as the CLI's `gs1 import`. Each row's line is counted from the cells' own line
 * breaks, so a quoted multi-line cell does not shift the lines reported after it.
 */
export function readCsvRows(file: File): AsyncGenerator<ImportRow> {
  let parser: Papa.Parser | undefined;
  const queue = new PullQueue<ImportRow>(READ_AHEAD, { pause: () => parser?.pause(), resume: () => parser?.resume() });
  let mapping: ColumnMapping[] | undefined;
  let line = 1;
  Papa.parse<string[]>(file, {
    skipEmptyLines: false,
    step: (result, p) => {
      parser = p;
      const cells = result.data;
      const at = line;
      line += 1 + newlines(cells);
      if (cells.length === 1 && cells[0] === '') return;
      if (mapping === undefined) {
        try {
          mapping = mapCsvHeader(cells.map((cell) => cell.replace(/^\uFEFF/, '')));
        } catch (error) {
          queue.fail(new ImportFileError(`${file.name}: ${(error as Error).message}`));
          p.abort();
        }
        return;
      }
      const position = Math.min(1, result.meta.cursor / Math.max(1, file.size));
      const broken = result.errors.find((e) => e.type === 'Quotes');
      if (broken) queue.push({ line: at, problem: `malformed CSV: ${broken.message}`, position });
      else queue.push({ line: at, ...csvRowToRecord(mapping, cells), position });
    },
    complete: () => {
      if (mapping === undefined) queue.fail(new ImportFileError(`${file.name} has no header row`));
      queue.end();
    },
    error: (error) => queue.fail(new ImportFileError(`${file.name}: ${error.message}`)),
  });
  return queue.drain();
}
