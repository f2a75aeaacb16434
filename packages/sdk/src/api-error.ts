/** A non-2xx answer from the API, with its `{error, code}` body, thrown by the SDK's helpers. */
export class WaymarkApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(`${status} ${code}: ${message}`);
    this.name = 'WaymarkApiError';
  }

  static from(response: Response, body: unknown): WaymarkApiError {
    const fields = (typeof body === 'object' && body !== null ? body : {}) as { error?: unknown; code?: unknown };
    const message = typeof fields.error === 'string' ? fields.error : response.statusText;
    return new WaymarkApiError(response.status, typeof fields.code === 'string' ? fields.code : 'unknown', message);
  }
}
