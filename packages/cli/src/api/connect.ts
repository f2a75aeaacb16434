import { createWaymarkClient, type WaymarkClient } from '@waymark/sdk';
import { type Credentials, resolveCredentials } from '../config/credentials';
import { type CliContext, note } from '../output/cli-context';
import { timedFetch } from './timed-fetch';

export interface Connection {
  api: WaymarkClient;
  credentials: Credentials;
}

/** The SDK client for the logged-in tenant (or WAYMARK_API_KEY / WAYMARK_API_URL). */
export function connect(context: CliContext): Connection {
  const credentials = resolveCredentials(context.env, context.cwd, (warning) => note(context, warning));
  const api = createWaymarkClient({
    baseUrl: credentials.apiUrl,
    apiKey: credentials.apiKey,
    fetch: timedFetch(context.requestTimeoutMs),
  });
  return { api, credentials };
}

/** The first `limit` items of an async list (the SDK's paginate fetches pages only as they are used). */
export async function firstItems<T>(items: AsyncIterable<T>, limit: number): Promise<T[]> {
  const found: T[] = [];
  if (limit <= 0) return found;
  for await (const item of items) {
    found.push(item);
    if (found.length >= limit) break;
  }
  return found;
}
