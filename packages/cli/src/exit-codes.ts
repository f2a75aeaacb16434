/**
 * The exit status of every `waymark` command, documented in the CLI's README and `waymark --help`. Scripts branch on
 * these, so a number keeps its meaning once published.
 */
export const EXIT = {
  /** Done as asked. */
  ok: 0,
  /** The API refused the request (a 4xx other than those below) or answered an error. */
  apiError: 1,
  /** Bad usage: an unknown command or option, a missing or invalid argument, an unreadable input file. */
  usage: 2,
  /** Not logged in, or the key was refused (401) or lacks the scope (403). */
  auth: 3,
  /** The resource does not exist (404). */
  notFound: 4,
  /** The API could not be reached, or stayed unavailable or rate limited after the retries (5xx, 429, network). */
  unavailable: 5,
  /** The command ran but part of the work failed: rows rejected by an import, an export that failed to render. */
  partial: 6,
  /** Interrupted (Ctrl-C); an import resumes where it stopped when run again. */
  interrupted: 130,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

export const EXIT_CODES_HELP = `Exit codes:
  0    ok
  1    the API refused the request or answered an error
  2    bad usage (unknown command or option, invalid argument, unreadable file)
  3    not logged in, key refused (401) or missing scope (403)
  4    not found (404)
  5    API unreachable, unavailable or rate limited after retries
  6    partly done: rows rejected by an import, an export that failed
  130  interrupted (an import resumes when run again)`;

/** A failure that ends the command with a given exit code and a one-line message on stderr. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

export function usageError(message: string): CliError {
  return new CliError(message, EXIT.usage);
}

/** The exit code for an HTTP error status from the API. */
export function exitCodeForStatus(status: number): ExitCode {
  if (status === 401 || status === 403) return EXIT.auth;
  if (status === 404) return EXIT.notFound;
  if (status === 429 || status >= 500) return EXIT.unavailable;
  return EXIT.apiError;
}
