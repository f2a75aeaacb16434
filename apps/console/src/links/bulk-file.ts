import Papa from 'papaparse';
import { mapLinkHeader, rowToLinkWrite } from './bulk-columns';

/** Rows one file may hold: its results stay in the page, and 20 requests of 500 is a short wait. */
export const MAX_FILE_ROWS = 10_000;
/** A file larger than this cannot hold 10,000 sensible rows; it is refused before being read into memory. */
export const MAX_FILE_BYTES = 8 * 1024 * 1024;

/** One data row: its CSV line (where a person finds it), its cells as read, and a LinkWrite or the reason why not. */
export interface LinkFileRow {
  line: number;
  cells: string[];
  record?: Record<string, unknown>;
  problem?: string;
}

export interface LinkFile {
  header: string[];
  rows: LinkFileRow[];
}

/** A file the import refuses as a whole (empty, bad header, too many rows), with a message for the person. */
export class LinkFileError extends Error {
  override name = 'LinkFileError';
}

const newlines = (cells: readonly string[]) => cells.reduce((n, cell) => n + (cell.match(/\n/g)?.length ?? 0), 0);

/**
 * Reads and checks the whole file before anything is sent: a bad header or too many rows creates no link at all.
 * Blank lines are skipped; a row with broken quoting or the wrong number of cells is kept as a row problem.
 */
export async function readLinkFile(file: File): Promise<LinkFile> {
  if (file.size === 0) throw new LinkFileError(`${file.name} is empty`);
  if (file.size > MAX_FILE_BYTES) {
    const megabytes = MAX_FILE_BYTES / 1024 / 1024;
    throw new LinkFileError(`${file.name} is larger than ${megabytes} MB; split it into smaller files`);
  }
  const parsed = Papa.parse<string[]>(await file.text(), { skipEmptyLines: false });
  let header: string[] | undefined;
  let columns: ReturnType<typeof mapLinkHeader> | undefined;
  const rows: LinkFileRow[] = [];
  let line = 1;
  const broken = new Set(parsed.errors.filter((e) => e.type === 'Quotes').map((e) => e.row));
  for (const [index, cells] of parsed.data.entries()) {
    const at = line;
    line += 1 + newlines(cells);
    if (cells.every((cell) => cell.trim() === '')) continue;
    if (!columns) {
      header = cells.map((cell) => cell.replace(/^\uFEFF/, '').trim());
      try {
        columns = mapLinkHeader(header);
      } catch (error) {
        throw new LinkFileError(`${file.name}, line ${at}: ${(error as Error).message}`);
      }
      continue;
    }
    if (rows.length === MAX_FILE_ROWS) {
      throw new LinkFileError(`${file.name} has more than ${MAX_FILE_ROWS} rows; split it into smaller files`);
    }
    const row = broken.has(index) ? { problem: 'malformed CSV (unbalanced quotes)' } : rowToLinkWrite(columns, cells);
    rows.push({ line: at, cells, ...row });
  }
  if (!header) throw new LinkFileError(`${file.name} is empty`);
  if (rows.length === 0) throw new LinkFileError(`${file.name} has a header but no rows`);
  return { header, rows };
}
