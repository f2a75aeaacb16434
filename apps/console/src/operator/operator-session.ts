import type { WaymarkClient } from '@waymark/sdk';
import { clientFor, sessionSlot } from '../session';

/**
 * The operator token is kept like the API key, in its own slot (signing out of one mode keeps the other), and sent as
 * `Authorization: Bearer`.
 */
const operatorTokenSlot = sessionSlot('waymark.operatorToken');
export const storedOperatorToken = operatorTokenSlot.read;
export const storeOperatorToken = operatorTokenSlot.store;
export const forgetOperatorToken = operatorTokenSlot.forget;

export function operatorClientFor(token: string): WaymarkClient {
  return clientFor(token, 'bearer');
}

/** Checks a token with the cheapest operator call; a 401 means the token is wrong. */
export async function checkOperatorToken(token: string): Promise<void> {
  const { response } = await operatorClientFor(token).GET('/admin/v1/plans');
  if (response.status === 401) throw new Error('This operator token is not valid.');
  if (!response.ok) throw new Error(`The operator API answered ${response.status}.`);
}
