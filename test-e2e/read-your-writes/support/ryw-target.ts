import { request } from 'node:http';
import { fetchJson } from '@waymark/testkit';

export interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- each check asserts the fields it reads
  text: string;
  retryAfter?: string | null;
}

/** What a read-your-writes check needs of a running Waymark, whichever shape runs it. */
export interface RywTarget {
  /** The API base URL (the gateway, or the embedded mode's API port). */
  apiUrl: string;
  operatorToken: string;
  /** The port visitors reach the redirector on; the short URL's host goes in the Host header. */
  visitorPort: number;
  /** A local HTTP endpoint the notifier may deliver to (`http://localhost:PORT`). */
  webhookBase: string;
  /** What to watch for stalls while the bounds are measured: each service's /metrics by label, and PostgreSQL. */
  watch?: { metricsUrls: Record<string, string>; databaseUrl?: string };
}

/** How many answers were 503 and tried again, as the client contract says (a 503 is never a wrong answer). */
export const retriedUnavailable = { count: 0 };

const MAX_TRIES = 5;

/**
 * One API call as an integrator makes it: a 503 `unavailable` (overload, a catch-up that ran out of time; nothing was
 * applied) is tried again after its Retry-After (at most 500 ms here), up to five tries; any other answer is final.
 */
export async function call(...args: Parameters<typeof callOnce>): Promise<Answer> {
  for (let attempt = 1; ; attempt += 1) {
    const answer = await callOnce(...args);
    if (answer.status !== 503 || attempt === MAX_TRIES) return answer;
    retriedUnavailable.count += 1;
    await new Promise((resolve) => setTimeout(resolve, Math.min(500, 1000 * Number(answer.retryAfter ?? 1))));
  }
}

async function callOnce(
  target: RywTarget,
  auth: { apiKey: string } | 'operator',
  method: string,
  path: string,
  body?: unknown,
): Promise<Answer> {
  const headers =
    auth === 'operator' ? { authorization: `Bearer ${target.operatorToken}` } : { 'x-api-key': auth.apiKey };
  const answer = await fetchJson(`${target.apiUrl}${path}`, { method, headers, body });
  return { ...answer, retryAfter: answer.headers.get('retry-after') };
}

/** A visitor's GET of `http://<host><path>`, sent to the redirector's port with that Host. */
export function visit(target: RywTarget, host: string, path: string): Promise<{ status: number; location?: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: target.visitorPort,
        path,
        method: 'GET',
        agent: false,
        headers: { host, accept: 'text/html' },
        timeout: 10_000,
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0, location: response.headers.location }));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`visit ${host}${path} timed out`)));
    req.on('error', reject);
    req.end();
  });
}
