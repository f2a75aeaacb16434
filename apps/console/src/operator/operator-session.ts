import { createWaymarkClient, type WaymarkClient } from '@waymark/sdk';

/**
 * The operator token is kept like the API key: in this tab's sessionStorage only (gone when the tab closes), sent as
 * `Authorization: Bearer`, never put in a URL or logged. It has its own slot, so signing out of one mode keeps the
 * other.
 */
const STORAGE_KEY = 'waymark.operatorToken';

export function storedOperatorToken(): string | null {
  return sessionStorage.getItem(STORAGE_KEY);
}

export function storeOperatorToken(token: string): void {
  sessionStorage.setItem(STORAGE_KEY, token);
}

export function forgetOperatorToken(): void {
  sessionStorage.removeItem(STORAGE_KEY);
}

export function operatorClientFor(token: string): WaymarkClient {
  return createWaymarkClient({
    baseUrl: window.location.origin,
    apiKey: token,
    auth: 'bearer',
    retry: { attempts: 2, maxDelayMs: 5_000 },
  });
}

/** Checks a token with the cheapest operator call; a 401 means the token is wrong. */
export async function checkOperatorToken(token: string): Promise<void> {
  const { response } = await operatorClientFor(token).GET('/admin/v1/plans');
  if (response.status === 401) throw new Error('This operator token is not valid.');
  if (!response.ok) throw new Error(`The operator API answered ${response.status}.`);
}
