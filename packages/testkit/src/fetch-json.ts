export interface JsonAnswer {
  status: number;
  headers: Headers;
  /** The answer as text, whatever it is. */
  text: string;
  /** The answer parsed as JSON; undefined when it is empty or not JSON (a test then reads `text`). */
  body: unknown;
}

/**
 * One HTTP request as an API client makes it: a body is sent as JSON with its content type. A non-JSON answer (a
 * proxy's error page, a bug) does not throw here, so a test can assert on what it really got.
 */
export async function fetchJson(
  url: string,
  init: { method: string; headers?: Record<string, string>; body?: unknown },
): Promise<JsonAnswer> {
  const response = await fetch(url, {
    method: init.method,
    headers: {
      ...init.headers,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: response.status, headers: response.headers, text, body };
}
