import type { OpenApiResponseChecker } from './openapi-validator';

export interface Reply {
  status: number;
  headers: Headers;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- bodies are checked against the OpenAPI document and by assertions
  text: string;
}

export type Credentials = { apiKey: string } | { operatorToken: string } | null;

/**
 * An integrator's HTTP client for the gateway. Every response is checked against /v1/openapi.json; a response the
 * document does not describe throws at once, naming the operation, the status and the schema error.
 */
export class ApiClient {
  constructor(
    private readonly base: string,
    private readonly credentials: Credentials,
    private readonly checker: OpenApiResponseChecker | undefined,
  ) {}

  as(credentials: Credentials): ApiClient {
    return new ApiClient(this.base, credentials, this.checker);
  }

  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply> {
    const reply = await this.raw(method, path, body === undefined ? undefined : JSON.stringify(body), headers);
    const problems =
      this.checker?.problems(method, path, reply.status, reply.headers.get('content-type'), reply.body ?? reply.text) ??
      [];
    if (problems.length > 0)
      throw new Error(
        `response not described by /v1/openapi.json:\n${problems.join('\n')}\nbody: ${reply.text.slice(0, 500)}`,
      );
    return reply;
  }

  /** Sends a body as given (possibly not JSON at all) and returns the reply unchecked. */
  async raw(method: string, path: string, body?: string, headers: Record<string, string> = {}): Promise<Reply> {
    const auth: Record<string, string> = !this.credentials
      ? {}
      : 'apiKey' in this.credentials
        ? { 'x-api-key': this.credentials.apiKey }
        : { authorization: `Bearer ${this.credentials.operatorToken}` };
    const response = await fetch(`${this.base}${path}`, {
      method,
      headers: { ...auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body,
    });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text && /json/.test(response.headers.get('content-type') ?? '') ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: response.status, headers: response.headers, body: parsed, text };
  }
}
