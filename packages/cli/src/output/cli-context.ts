import type { Command } from 'commander';

/** What every command reads from its invocation: output mode, environment and streams. */
export interface CliContext {
  json: boolean;
  env: NodeJS.ProcessEnv;
  cwd: string;
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
}

export function contextOf(command: Command): CliContext {
  const options = command.optsWithGlobals<{ json?: boolean }>();
  return {
    json: options.json === true,
    env: process.env,
    cwd: process.cwd(),
    stdout: process.stdout,
    stderr: process.stderr,
  };
}

/** Prints `data` as JSON with --json, else the human form `render` makes of it. */
export function emit<T>(context: CliContext, data: T, render: (data: T) => string): void {
  context.stdout.write(context.json ? `${JSON.stringify(data, null, 2)}\n` : render(data));
}

/** A one-line note for people, kept off stdout so `--json` output and pipes stay clean. */
export function note(context: CliContext, message: string): void {
  if (!context.json) context.stderr.write(`${message}\n`);
}
