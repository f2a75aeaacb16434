import { logLevel, type logCreator } from 'kafkajs';
import type { BusLogger } from '../shared/bus-logger';

/** Routes kafkajs's own logs into the service logger (kafkajs INFO is chatty: it becomes debug). */
export function kafkaLogCreator(logger: BusLogger): logCreator {
  return () =>
    ({ namespace, level, log }) => {
      const { message, ...extra } = log;
      const fields = { ...extra, kafkajs: namespace };
      if (level === logLevel.ERROR) logger.error(fields, message);
      else if (level === logLevel.WARN) logger.warn(fields, message);
      else logger.debug(fields, message);
    };
}
