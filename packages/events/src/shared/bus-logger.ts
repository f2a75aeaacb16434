/** The slice of a pino Logger the bus needs; a pino Logger (e.g. from @waymark/logging) satisfies it. */
export interface BusLogger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}
