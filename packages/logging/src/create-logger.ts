import pino, { type DestinationStream, type Level, type Logger } from 'pino';
import { REDACTED_PATHS, REDACTION_CENSOR } from './redaction';

export type { Logger } from 'pino';

export interface LoggerOptions {
  /** Bound on every line so logs of six services can share one sink. */
  readonly service: string;
  readonly level?: Level | 'silent';
  /** Human-readable lines for a terminal (pino-pretty); JSON lines otherwise. */
  readonly pretty?: boolean;
  /** Where JSON lines go (stdout, written synchronously, by default); ignored when `pretty` is set. */
  readonly destination?: DestinationStream;
}

/**
 * The one way a Waymark process makes its root logger: JSON lines, ISO time, secrets redacted. Lines go to stdout
 * synchronously, like Node's own stdout on a pipe: pino's default asynchronous writer, at exit, writes its queue
 * ahead of a write still in flight, so a stopping service's last lines came out of order.
 */
export function createLogger(options: LoggerOptions): Logger {
  const config: pino.LoggerOptions = {
    level: options.level ?? 'info',
    base: { service: options.service },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: [...REDACTED_PATHS], censor: REDACTION_CENSOR },
    formatters: { level: (label) => ({ level: label }) },
  };
  if (options.pretty) {
    return pino({ ...config, transport: { target: 'pino-pretty', options: { translateTime: 'SYS:standard' } } });
  }
  return pino(config, options.destination ?? pino.destination({ dest: 1, sync: true }));
}
