/**
 * One data row of an import file: `line` is where a person finds it (the CSV line, or the record's number in a JSON
 * file). It carries a record to send or the reason it could not be read, which is reported without being sent.
 */
export interface ImportRow {
  line: number;
  record?: Record<string, unknown>;
  problem?: string;
  /** How far into the file this row is, 0 to 1: the progress bar's position while reading. */
  position: number;
}

/** A file that cannot be read on from some point (an unknown column, broken JSON): the import stops there. */
export class ImportFileError extends Error {
  override name = 'ImportFileError';
}
