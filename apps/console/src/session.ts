import { createWaymarkClient, type WaymarkClient } from '@waymark/sdk';

/** One secret kept in this tab's sessionStorage: it survives a reload, is gone when the tab closes, never in a URL. */
export function sessionSlot(name: string) {
  return {
    read: (): string | null => sessionStorage.getItem(name),
    store: (value: string): void => sessionStorage.setItem(name, value),
    forget: (): void => sessionStorage.removeItem(name),
  };
}

/** The tenant's API key. The console is served from the API base URL, so the API's origin is the page's. */
const apiKeySlot = sessionSlot('waymark.apiKey');
export const storedKey = apiKeySlot.read;
export const storeKey = apiKeySlot.store;
export const forgetKey = apiKeySlot.forget;

/** A client of the API at the page's origin, with the API key (`x-api-key`) or the operator token (`bearer`). */
export function clientFor(secret: string, auth?: 'bearer'): WaymarkClient {
  return createWaymarkClient({
    baseUrl: window.location.origin,
    apiKey: secret,
    ...(auth ? { auth } : {}),
    retry: { attempts: 2, maxDelayMs: 5_000 },
  });
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
