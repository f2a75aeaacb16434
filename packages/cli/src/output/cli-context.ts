import type { Command } from 'commander';
import { terminalSafe, terminalSafeJson } from './terminal-text';

/** What every command reads from its invocation: output mode, environment and streams. */
export interface CliContext {
  json: boolean;
  env: NodeJS.ProcessEnv;
  cwd: string;
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
  /** How long one API request may take, answer included (--request-timeout, WAYMARK_REQUEST_TIMEOUT). */
  requestTimeoutMs: number;
}

/** Long enough for a large GS1 bulk batch or an export's zip, short enough that a silent server is noticed. */
export const DEFAULT_REQUEST_TIMEOUT_S = 60;

export function contextOf(command: Command): CliContext {
  const options = command.optsWithGlobals<{ json?: boolean; requestTimeout?: number }>();
  return {
    json: options.json === true,
    requestTimeoutMs: (options.requestTimeout ?? DEFAULT_REQUEST_TIMEOUT_S) * 1000,
    env: process.env,
    cwd: process.cwd(),
    stdout: process.stdout,
    stderr: process.stderr,
  };
}

/**
 * Prints `data` as JSON with --json, else the human form `render` makes of it. Either way what the server wrote is
 * shown, never obeyed: no escape sequence or control character of an answer reaches the terminal.
 */
export function emit<T>(context: CliContext, data: T, render: (data: T) => string): void {
  context.stdout.write(context.json ? `${terminalSafeJson(data)}\n` : terminalSafe(render(data)));
}

/** A one-line note for people, kept off stdout so `--json` output and pipes stay clean. */
export function note(context: CliContext, message: string): void {
  if (!context.json) context.stderr.write(`${terminalSafe(message)}\n`);
}
