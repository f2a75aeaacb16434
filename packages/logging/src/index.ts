export { createLogger, type Logger, type LoggerOptions } from './create-logger';
export { REDACTED_PATHS, REDACTION_CENSOR } from './redaction';
