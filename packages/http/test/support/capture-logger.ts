import { Writable } from 'node:stream';
import { createLogger, type Logger } from '@waymark/logging';

export interface CapturedLogger {
  readonly logger: Logger;
  readonly lines: Record<string, unknown>[];
}

/** A real pino logger (same options as production) whose JSON lines the test can read. */
export function captureLogger(service = 'http-test', level: 'debug' | 'info' = 'debug'): CapturedLogger {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: createLogger({ service, level, destination }), lines };
}
