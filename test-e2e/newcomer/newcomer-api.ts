/** The answer of one API call: status and JSON body (or the raw text when it is not JSON). */
export interface ApiAnswer {
  status: number;
  body: Record<string, unknown>;
  text: string;
}

/** One call to the public API with the newcomer's key, as their curl would make it. Never retried. */
export async function callApi(
  apiUrl: string,
  key: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<ApiAnswer> {
  const response = await fetch(`${apiUrl}${path}`, {
    method,
    headers: { 'x-api-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  let parsed: Record<string, unknown> = {};
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // Not JSON: the caller reports `text`.
  }
  return { status: response.status, body: parsed, text };
}

/** Throws the answer's status and body unless it has `status`. */
export function expectStatus(answer: ApiAnswer, status: number): Record<string, unknown> {
  if (answer.status !== status)
    throw new Error(`expected ${status}, got ${answer.status}: ${answer.text.slice(0, 500)}`);
  return answer.body;
}

/**
 * The JSON object `npm run admin` printed: npm prints its own `> waymark admin` header lines first, so the answer
 * starts at the first line that opens an object.
 */
export function adminAnswerOf(stdout: string): Record<string, unknown> {
  const start = stdout.search(/^\{/m);
  if (start < 0) throw new Error(`no JSON answer in: ${stdout.slice(0, 500)}`);
  return JSON.parse(stdout.slice(start)) as Record<string, unknown>;
}
