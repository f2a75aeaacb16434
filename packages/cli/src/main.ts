import { CommanderError } from 'commander';
import { toCliError } from './api/api-answer';
import { EXIT } from './exit-codes';
import { createProgram } from './program';
import { terminalSafe, terminalSafeJson } from './output/terminal-text';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { version } = require('../package.json') as { version: string };

/** Runs one command line and returns its exit code (README "Exit codes"); never throws. */
async function main(argv: string[]): Promise<number> {
  const json = argv.includes('--json');
  try {
    await createProgram(version).parseAsync(argv, { from: 'user' });
    return EXIT.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version "errors" are commander's way of stopping after printing them.
      return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    const failure = toCliError(error);
    // The message and body often quote the server: shown, never obeyed (no escape sequence reaches the terminal).
    process.stderr.write(
      json
        ? `${terminalSafeJson(failure.body ?? { error: failure.message }, 0)}\n`
        : `waymark: ${terminalSafe(failure.message)}\n`,
    );
    return failure.exitCode;
  }
}

// Exits explicitly: an HTTP keep-alive socket or a progress bar's timer must not hold the prompt back.
void main(process.argv.slice(2)).then((code) => process.exit(code));
