export { neutraliseFormula, SAFE_CSV_OPTIONS } from './formula-neutraliser';
