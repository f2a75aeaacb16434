import { CliError, EXIT, exitCodeForStatus } from '../exit-codes';
import { RequestTimeoutError, timedFetch } from '../api/timed-fetch';
import type { OperatorTarget } from './operator-target';

/** One operator API call: method, path under /admin/v1, and an optional JSON body. */
export interface AdminRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
}

/**
 * Calls the operator API (/admin/v1, the operator token as a bearer token) and returns its JSON answer; an error
 * answer becomes a CliError carrying the API's `{error, code}` and the exit code of its status.
 */
export async function callOperatorApi(
  target: OperatorTarget,
  request: AdminRequest,
  timeoutMs: number,
): Promise<unknown> {
  let response: Response;
  try {
    response = await timedFetch(timeoutMs)(`${target.apiUrl}/admin/v1${request.path}`, {
      method: request.method,
      headers: { authorization: `Bearer ${target.operatorToken}`, 'content-type': 'application/json' },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
    });
  } catch (error) {
    if (error instanceof RequestTimeoutError) throw new CliError(error.message, EXIT.unavailable);
    throw new CliError(
      `Cannot reach ${target.apiUrl}: ${(error as Error).cause ?? (error as Error).message}`,
      EXIT.unavailable,
    );
  }
  const text = await response.text();
  const body: unknown = text ? safeJson(text) : undefined;
  if (!response.ok) {
    const message = (body as { error?: string } | undefined)?.error ?? `${response.status} ${response.statusText}`;
    throw new CliError(message, exitCodeForStatus(response.status), body);
  }
  return body ?? { status: response.status };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return { text };
  }
}
