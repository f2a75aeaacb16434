/**
 * One data row of an import file. `index` counts data rows from 0 (the position an import resumes from); `line` is
 * where a person finds the row (the CSV line, or the element's number in a JSON file). A row either carries a record
 * to send or the reason it could not be read, which goes to the error report without being sent.
 */
export interface ImportRow {
  index: number;
  line: number;
  record?: Record<string, unknown>;
  problem?: string;
  /** Bytes of the file read when this row was parsed: the progress bar's position. */
  bytesRead: number;
}
