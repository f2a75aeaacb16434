import { Pool } from 'undici';
import type { LatencyRecorder } from './latency-recorder';

export interface MixedLoadOptions {
  gatewayPort: number;
  /** The tenant's short domain: redirects are sent with this Host. */
  host: string;
  apiKey: string;
  codes: readonly string[];
  seconds: number;
  concurrency: number;
  /** Share of requests that are API calls; the rest are redirects. */
  apiShare: number;
  recorder: LatencyRecorder;
}

interface Call {
  routeClass: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  expected: number;
}

/**
 * Closed-loop load through the gateway: `concurrency` clients each send their next request when the previous one
 * answered, a redirect (GET /<code> on the tenant's domain) or, with probability `apiShare`, one of four API calls
 * in turn (read a link, list links, create a link, read a link's analytics).
 */
export async function runMixedLoad(opts: MixedLoadOptions): Promise<void> {
  const pool = new Pool(`http://127.0.0.1:${opts.gatewayPort}`, { connections: opts.concurrency });
  const pick = () => opts.codes[Math.floor(Math.random() * opts.codes.length)] as string;
  let turn = 0;
  let created = 0;
  const apiCall = (): Call => {
    turn += 1;
    switch (turn % 4) {
      case 0:
        return { routeClass: 'api GET link', method: 'GET', path: `/v1/links/${pick()}`, expected: 200 };
      case 1:
        return { routeClass: 'api GET links (list)', method: 'GET', path: '/v1/links?limit=20', expected: 200 };
      case 2:
        created += 1;
        return {
          routeClass: 'api POST link',
          method: 'POST',
          path: '/v1/links',
          body: JSON.stringify({ destination: `https://example.com/bench/${created}`, code: `load-${process.pid}-${created}` }),
          expected: 201,
        };
      default:
        return { routeClass: 'api GET analytics', method: 'GET', path: `/v1/links/${pick()}/analytics?window=24h`, expected: 200 };
    }
  };
  const deadline = Date.now() + opts.seconds * 1000;
  const client = async (): Promise<void> => {
    while (Date.now() < deadline) {
      const call: Call = Math.random() < opts.apiShare ? apiCall() : { routeClass: 'redirect', method: 'GET', path: `/${pick()}`, expected: 302 };
      const headers: Record<string, string> =
        call.routeClass === 'redirect'
          ? { host: opts.host, 'user-agent': 'Mozilla/5.0 (bench) Firefox/128.0' }
          : { 'x-api-key': opts.apiKey, ...(call.body ? { 'content-type': 'application/json' } : {}) };
      const started = performance.now();
      let outcome: string;
      try {
        const response = await pool.request({ method: call.method, path: call.path, headers, body: call.body });
        await response.body.dump();
        outcome = response.statusCode === call.expected ? 'ok' : String(response.statusCode);
      } catch (error) {
        outcome = error instanceof Error ? error.name : 'error';
      }
      opts.recorder.record(call.routeClass, performance.now() - started, outcome);
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency }, client));
  await pool.close();
}
