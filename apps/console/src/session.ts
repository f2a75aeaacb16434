import { createWaymarkClient, type WaymarkClient } from '@waymark/sdk';

/**
 * The API key lives in sessionStorage only: it survives a reload of this tab, is gone when the tab closes, and is
 * never put in a URL or logged. The console is served from the API base URL, so the API's origin is the page's.
 */
const STORAGE_KEY = 'waymark.apiKey';

export function storedKey(): string | null {
  return sessionStorage.getItem(STORAGE_KEY);
}

export function storeKey(key: string): void {
  sessionStorage.setItem(STORAGE_KEY, key);
}

export function forgetKey(): void {
  sessionStorage.removeItem(STORAGE_KEY);
}

export function clientFor(apiKey: string): WaymarkClient {
  return createWaymarkClient({ baseUrl: window.location.origin, apiKey, retry: { attempts: 2, maxDelayMs: 5_000 } });
}

/** Turns an openapi-fetch result into data or a thrown Error carrying the API's `{error, code}`. */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.response.ok && result.data !== undefined) return result.data;
  if (result.response.ok) return undefined as T;
  const body = result.error as { error?: string; code?: string } | undefined;
  throw new ApiError(result.response.status, body?.error ?? result.response.statusText, body?.code ?? 'unknown');
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

/** The analytics operations also answer CSV (`format=csv`); the console asks for JSON and narrows to it. */
export function jsonOnly<T>(data: T | string): T {
  if (typeof data === 'string') throw new Error('The API answered CSV where JSON was asked for');
  return data;
}
