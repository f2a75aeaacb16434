import { closeSync, existsSync, openSync, statSync, truncateSync, writeSync } from 'node:fs';
import { stringify } from 'csv-stringify/sync';
import { ROW_ERROR_COLUMNS, rowErrorCells, SAFE_CSV_OPTIONS, type RowError } from '@waymark/csv';

/**
 * The per-row error report, a CSV appended to as batches are acknowledged. `bytes` is its length after the last
 * write, recorded in the import state; reopening at that length drops rows a crashed run wrote past it.
 */
export class ErrorReport {
  private constructor(
    private readonly fd: number,
    public bytes: number,
  ) {}

  static create(file: string): ErrorReport {
    const fd = openSync(file, 'w');
    const report = new ErrorReport(fd, 0);
    report.write(stringify([[...ROW_ERROR_COLUMNS]]));
    return report;
  }

  static resume(file: string, bytes: number): ErrorReport {
    if (!existsSync(file) || statSync(file).size < bytes) {
      throw new Error(`the error report ${file} is shorter than the import state records; start over with --restart`);
    }
    truncateSync(file, bytes);
    return new ErrorReport(openSync(file, 'a'), bytes);
  }

  append(errors: readonly RowError[]): void {
    if (errors.length === 0) return;
    // Formula-like cells are neutralised: the report is meant to be opened in a spreadsheet.
    this.write(stringify(errors.map(rowErrorCells), SAFE_CSV_OPTIONS));
  }

  close(): void {
    closeSync(this.fd);
  }

  private write(text: string): void {
    const buffer = Buffer.from(text);
    writeSync(this.fd, buffer);
    this.bytes += buffer.length;
  }
}
