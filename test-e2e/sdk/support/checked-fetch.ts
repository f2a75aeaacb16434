import { OpenApiResponseChecker, type OpenApiDocument } from '../../system/support/openapi-validator';

/** A fetch for the SDK that checks each API answer against the public document, and the problems it found. */
export interface CheckedFetch {
  fetch: typeof fetch;
  problems: string[];
}

/** The public description as the running system serves it (GET /v1/openapi.json). */
export async function servedOpenApi(apiUrl: string): Promise<OpenApiDocument> {
  const response = await fetch(`${apiUrl}/v1/openapi.json`);
  if (!response.ok) throw new Error(`GET /v1/openapi.json answered ${response.status}`);
  return (await response.json()) as OpenApiDocument;
}

/**
 * Every answer from `apiUrl` is validated (openapi-response-validator, the system tests' checker) against the
 * document: path, method, status, media type and JSON body. Problems are collected rather than thrown, since a throw
 * inside fetch would look like a network failure to the SDK (and be retried); the tests assert the list is empty.
 * Other origins (the object store's presigned zip URLs) are not the API and pass unchecked.
 */
export function checkedFetch(apiUrl: string, document: OpenApiDocument, inner: typeof fetch = fetch): CheckedFetch {
  const checker = new OpenApiResponseChecker(document);
  const origin = new URL(apiUrl).origin;
  const problems: string[] = [];
  const checked: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const response = await inner(request);
    if (new URL(request.url).origin !== origin) return response;
    const text = await response.clone().text();
    const type = response.headers.get('content-type');
    let body: unknown = text === '' ? undefined : text;
    if (text !== '' && type?.includes('json')) body = JSON.parse(text) as unknown;
    problems.push(...checker.problems(request.method, request.url, response.status, type, body));
    return response;
  };
  return { fetch: checked, problems };
}
