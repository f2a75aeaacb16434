export { BatchTooLarge, batchTooLargeOf } from './batch-too-large';
export { neutraliseFormula, SAFE_CSV_OPTIONS } from './formula-neutraliser';
export { csvRowToRecord, mapCsvHeader, CSV_COLUMNS_HELP, type ColumnMapping } from './gs1-import-columns';
export {
  formatOfFile,
  IMPORT_FORMATS,
  ROW_ERROR_COLUMNS,
  rowErrorCells,
  rowErrorsOf,
  sendableRows,
  smallerBatchSize,
  takeBatch,
  type BatchRow,
  type BulkRowResult,
  type ImportFormat,
  type RowError,
} from './gs1-import-batches';
