export { neutraliseFormula, SAFE_CSV_OPTIONS } from './formula-neutraliser';
export { csvRowToRecord, mapCsvHeader, CSV_COLUMNS_HELP, type ColumnMapping } from './gs1-import-columns';
