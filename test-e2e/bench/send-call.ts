import type { Pool } from 'undici';
import type { Call } from './route-mix';

/**
 * Sends one call of a load run and names how it went: `ok` when it got the status the call expects, otherwise the
 * status it got or the error's name. An overloaded API is to say when to come back, so a 503 without Retry-After is
 * a failure of its own.
 */
export async function sendCall(pool: Pool, call: Call): Promise<string> {
  try {
    const { method, path, headers, body } = call;
    const response = await pool.request({ method, path, headers, body });
    await response.body.dump();
    if (response.statusCode === 503 && response.headers['retry-after'] === undefined) return '503 no Retry-After';
    return response.statusCode === call.expected ? 'ok' : String(response.statusCode);
  } catch (error) {
    return error instanceof Error ? error.name : 'error';
  }
}
