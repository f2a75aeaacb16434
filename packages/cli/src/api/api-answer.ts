import { Gs1ExportError, WaymarkApiError } from '@waymark/sdk';
import { CliError, EXIT, exitCodeForStatus } from '../exit-codes';
import { RequestTimeoutError } from './timed-fetch';

/** What an openapi-fetch call resolves to. */
export interface ApiAnswer<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The answer's data, or a CliError carrying the API's `{error, code}` and the exit code of its status. */
export async function unwrap<T>(pending: Promise<ApiAnswer<T>>): Promise<T> {
  const answer = await reachable(pending);
  if (answer.response.ok) return answer.data as T;
  throw apiError(answer.response, answer.error);
}

export function apiError(response: Response, body: unknown): CliError {
  const error = body as { error?: string; code?: string } | undefined;
  const message = error?.error
    ? `${error.error}${error.code ? ` (${error.code})` : ''}`
    : `${response.status} ${response.statusText}`;
  return new CliError(message, exitCodeForStatus(response.status), body ?? { error: message });
}

/** Awaits a call, turning the SDK's errors and a connection failure (after its retries) into CliErrors. */
export async function reachable<T>(pending: Promise<T>): Promise<T> {
  try {
    return await pending;
  } catch (error) {
    throw toCliError(error);
  }
}

/** The CliError (and so the exit code) for anything a command can throw. */
export function toCliError(error: unknown): CliError {
  if (error instanceof CliError) return error;
  if (error instanceof RequestTimeoutError) return new CliError(error.message, EXIT.unavailable);
  if (error instanceof WaymarkApiError) {
    return new CliError(error.message, exitCodeForStatus(error.status), { error: error.message, code: error.code });
  }
  if (error instanceof Gs1ExportError) {
    const failed = error.job.status === 'failed';
    return new CliError(error.message, failed ? EXIT.partial : EXIT.unavailable, error.job);
  }
  const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
  if (error instanceof TypeError && cause) {
    return new CliError(`Cannot reach the API: ${cause.code ?? cause.message}`, EXIT.unavailable);
  }
  return new CliError(error instanceof Error ? error.message : String(error), EXIT.apiError);
}
