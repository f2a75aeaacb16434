import { Pool } from 'undici';
import type { LatencyRecorder } from './latency-recorder';
import { RouteMix } from './route-mix';
import { sendCall } from './send-call';

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

/**
 * Closed-loop load through the gateway: `concurrency` clients each send their next request when the previous one
 * answered, a redirect or, with probability `apiShare`, an API call (see RouteMix).
 */
export async function runMixedLoad(opts: MixedLoadOptions): Promise<void> {
  const pool = new Pool(`http://127.0.0.1:${opts.gatewayPort}`, { connections: opts.concurrency });
  const mix = new RouteMix(opts.codes, opts.host, opts.apiKey);
  const deadline = Date.now() + opts.seconds * 1000;
  const runStart = performance.now();
  const client = async (): Promise<void> => {
    while (Date.now() < deadline) {
      const call = Math.random() < opts.apiShare ? mix.apiCall() : mix.redirect();
      const started = performance.now();
      const outcome = await sendCall(pool, call);
      opts.recorder.record(call.routeClass, performance.now() - started, outcome, started - runStart);
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency }, client));
  await pool.close();
}
