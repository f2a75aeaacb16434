import type { RequestHandler } from 'express';
import { Counter, type Registry } from 'prom-client';
import type { Logger } from '@waymark/logging';
import { processEventLoopDelay, type EventLoopDelay } from './event-loop-delay';
import { PROBE_PATHS } from './probe-paths';
import { StandingQueue } from './standing-queue';

export interface LoadSheddingOptions {
  /** Requests this app serves at once; one more is answered 503 at once instead of queueing behind them. */
  readonly maxInFlight?: number;
  /** Event-loop delay (ms), sample after sample (see event-loop-delay.ts), beyond which new requests are shed. */
  readonly maxEventLoopDelayMs?: number;
  /**
   * Requests queue behind something slow (the database, the outbox relay) when, over `latencyWindowMs`, at least
   * `latencyMinSamples` requests finished and even the fastest took longer than this (ms): new ones are shed until a
   * window passes without it. Reads (GET, HEAD) and writes are judged apart.
   */
  readonly maxLatencyMs?: number;
  readonly latencyWindowMs?: number;
  readonly latencyMinSamples?: number;
  /** The `Retry-After` (seconds) of a shed request. */
  readonly retryAfterSeconds?: number;
  /** Where the loop delay is read; the process's monitor by default. */
  readonly eventLoopDelay?: EventLoopDelay;
}

export const SHED_METRIC = 'http_requests_shed_total';

export const LOAD_SHEDDING_DEFAULTS = {
  maxInFlight: 128,
  maxEventLoopDelayMs: 500,
  maxLatencyMs: 2000,
  latencyWindowMs: 2000,
  latencyMinSamples: 8,
  retryAfterSeconds: 2,
} as const;

/** At most one warning per this many ms while shedding: the counter has the numbers, the log says when. */
const WARN_EVERY_MS = 10_000;

/**
 * Sheds load before it queues: a request that arrives while the app already serves `maxInFlight` requests, while
 * the event loop runs more than `maxEventLoopDelayMs` late, or while every request finishing takes longer than
 * `maxLatencyMs` (a standing queue), is answered 503 `unavailable` with `Retry-After` before any other work (no
 * parsing, no authentication, no database). Without it, an overloaded service queues requests in its
 * connection pools and event loop until each times out, and the work it does for them is wasted. Probes and scrapes
 * are never shed. Each app has its own limit; the loop delay is the process's.
 */
export function loadShedding(options: LoadSheddingOptions, logger: Logger, registry: Registry): RequestHandler {
  const maxInFlight = options.maxInFlight ?? LOAD_SHEDDING_DEFAULTS.maxInFlight;
  const maxDelayMs = options.maxEventLoopDelayMs ?? LOAD_SHEDDING_DEFAULTS.maxEventLoopDelayMs;
  const retryAfter = String(options.retryAfterSeconds ?? LOAD_SHEDDING_DEFAULTS.retryAfterSeconds);
  const loopDelay = options.eventLoopDelay ?? processEventLoopDelay();
  // Reads and writes queue behind different things (a write also waits for the outbox relay), so a standing queue
  // of writes must not hide behind fast reads, nor shed them.
  const standingQueue = () =>
    new StandingQueue(
      options.maxLatencyMs ?? LOAD_SHEDDING_DEFAULTS.maxLatencyMs,
      options.latencyWindowMs ?? LOAD_SHEDDING_DEFAULTS.latencyWindowMs,
      options.latencyMinSamples ?? LOAD_SHEDDING_DEFAULTS.latencyMinSamples,
    );
  const queues = { read: standingQueue(), write: standingQueue() };
  const shed =
    (registry.getSingleMetric(SHED_METRIC) as Counter<'reason'> | undefined) ??
    new Counter({
      name: SHED_METRIC,
      help: 'Requests answered 503 at once because the service was overloaded, by reason',
      labelNames: ['reason'] as const,
      registers: [registry],
    });
  let inFlight = 0;
  let warnedAt = -Infinity;

  return (req, res, next) => {
    if (PROBE_PATHS.has(req.path)) {
      next();
      return;
    }
    const queue = req.method === 'GET' || req.method === 'HEAD' ? queues.read : queues.write;
    const reason =
      inFlight >= maxInFlight
        ? 'in_flight'
        : loopDelay.currentMs() > maxDelayMs
          ? 'event_loop_delay'
          : queue.standing
            ? 'latency'
            : undefined;
    if (reason) {
      shed.inc({ reason });
      const now = performance.now();
      if (now - warnedAt >= WARN_EVERY_MS) {
        warnedAt = now;
        logger.warn({ reason, inFlight, eventLoopDelayMs: Math.round(loopDelay.currentMs()) }, 'shedding load: 503');
      }
      res.set('Retry-After', retryAfter);
      res
        .status(503)
        .json({ error: 'The service is overloaded; retry after the Retry-After delay', code: 'unavailable' });
      return;
    }
    inFlight += 1;
    const startedAt = performance.now();
    res.once('close', () => {
      inFlight -= 1;
      queue.record(performance.now() - startedAt);
    });
    next();
  };
}
