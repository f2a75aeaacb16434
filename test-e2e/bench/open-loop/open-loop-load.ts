import { setTimeout as sleep } from 'node:timers/promises';
import { Pool } from 'undici';
import type { LatencyRecorder } from '../latency-recorder';
import type { RouteMix } from '../route-mix';
import { sendCall } from '../send-call';
import { dueCount, isApiCall, offeredCount, scheduledAtMs, ScheduleKeeping } from './rate-schedule';

/** Sockets for the API calls, apart from the visitors' `connections`. */
const API_CONNECTIONS = 128;

export interface OpenLoopOptions {
  gatewayPort: number;
  mix: RouteMix;
  ratePerSecond: number;
  seconds: number;
  /** One request in `apiEvery` is an API call (20: 5 %); 0 for redirects only. */
  apiEvery: number;
  recorder: LatencyRecorder;
  /** Sockets to the gateway for the redirects; enough that a slow answer never holds up a send that is due. */
  connections: number;
  /** Requests in flight beyond which a due request is dropped (and counted) rather than queued without end. */
  maxInFlight: number;
  /** A send that leaves later than this past its due time is counted late (its latency still starts at due time). */
  lateAfterMs?: number;
  /** An answer whose headers or body take longer than this is a timeout (undici's own 300 s when unset). */
  timeoutMs?: number;
}

export interface OpenLoopResult {
  offered: number;
  keeping: ScheduleKeeping;
  elapsedS: number;
  /** Redirects answered as expected (the recorder has each one's due time). */
  redirectsOk: number;
}

/**
 * Open-loop load through the gateway: requests leave on a fixed schedule (see rate-schedule), each timed from its
 * due time, so a slow system meets the same offered rate instead of slowing the generator down.
 */
export async function runOpenLoop(opts: OpenLoopOptions): Promise<OpenLoopResult> {
  const timeouts = opts.timeoutMs === undefined ? {} : { headersTimeout: opts.timeoutMs, bodyTimeout: opts.timeoutMs };
  const origin = `http://127.0.0.1:${opts.gatewayPort}`;
  const visitors = new Pool(origin, { connections: opts.connections, pipelining: 1, ...timeouts });
  // API clients are not visitors: their calls never wait for a socket behind slow redirects, nor the other way round.
  const integrators = new Pool(origin, { connections: API_CONNECTIONS, pipelining: 1, ...timeouts });
  const total = offeredCount(opts.ratePerSecond, opts.seconds);
  const keeping = new ScheduleKeeping(opts.lateAfterMs ?? 5);
  let redirectsOk = 0;
  let inFlight = 0;
  const pending = new Set<Promise<void>>();
  const start = performance.now();

  const send = async (index: number, dueMs: number): Promise<void> => {
    const api = isApiCall(index, opts.apiEvery);
    const call = api ? opts.mix.apiCall() : opts.mix.redirect();
    const pool = api ? integrators : visitors;
    const outcome = await sendCall(pool, call);
    opts.recorder.record(call.routeClass, performance.now() - start - dueMs, outcome, dueMs);
    if (outcome === 'ok' && call.routeClass === 'redirect') redirectsOk += 1;
  };

  for (let next = 0; next < total;) {
    const due = dueCount(performance.now() - start, opts.ratePerSecond, total);
    for (; next < due; next += 1) {
      const dueMs = scheduledAtMs(next, opts.ratePerSecond);
      if (inFlight >= opts.maxInFlight) {
        keeping.recordDrop();
        continue;
      }
      keeping.recordSend(dueMs, performance.now() - start);
      inFlight += 1;
      const sent: Promise<void> = send(next, dueMs).finally(() => {
        inFlight -= 1;
        pending.delete(sent);
      });
      pending.add(sent);
    }
    if (next < total) {
      // Wake for the next due request; timers round up to 1 ms, which the late-send count makes visible.
      await sleep(Math.max(0, start + scheduledAtMs(next, opts.ratePerSecond) - performance.now()));
    }
  }
  await Promise.all(pending);
  const elapsedS = (performance.now() - start) / 1000;
  await Promise.all([visitors.close(), integrators.close()]);
  return { offered: total, keeping, elapsedS, redirectsOk };
}
