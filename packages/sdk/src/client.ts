import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './generated/api';
import { retryingFetch, type RetryOptions } from './retrying-fetch';

export interface WaymarkClientOptions {
  /** The API's address, e.g. `http://127.0.0.1:8000` for the embedded mode. */
  baseUrl: string;
  /** A tenant API key (`wm_live_...`), or the operator token for `/admin/v1`. */
  apiKey: string;
  /** How the key is sent: `x-api-key` header (default) or `Authorization: Bearer`. */
  auth?: 'x-api-key' | 'bearer';
  retry?: RetryOptions;
  /** The fetch to send with (default: the global fetch). */
  fetch?: typeof fetch;
}

/** The typed client: `GET`, `POST`, `PATCH`, `PUT`, `DELETE` on every path of the public document (openapi-fetch). */
export type WaymarkApi = Client<paths>;

export function createApi(options: WaymarkClientOptions): WaymarkApi {
  const headers: Record<string, string> =
    options.auth === 'bearer' ? { authorization: `Bearer ${options.apiKey}` } : { 'x-api-key': options.apiKey };
  return createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers,
    fetch: retryingFetch(options.fetch ?? globalThis.fetch, options.retry),
  });
}
