import { Worker } from 'node:worker_threads';
import { workerEntry } from '@waymark/http';
import type { PublisherWorkerData } from './click-publisher-protocol';

/**
 * The producer thread's young generation, at most (MB; V8 makes the semi-space a third of it).
 *
 * Why fixed small: with V8's default the thread's young generation grows to 16 MB semi-spaces under load, shrinks
 * again at a full collection, and the old generation's limit is set while it is small. Once it has grown back, the
 * old generation's room left (some 16 MB over a 13-14 MB heap that does not grow) is no more than the young
 * generation's capacity, which is V8's signal to start marking: so it marks and compacts the whole heap again, about
 * every 200 ms, for as long as the load lasts. In bench:redirector, runs caught in that loop took 79-103 full
 * collections of this thread against 1-38 in the others, its helpers' CPU climbed (other threads 3.8 + 0.8 + 2.0 µs
 * a request against 2.8 + 0.3 + 0.4), and the event loop, waiting for a core 7-8 % of each round, missed its p99.
 * Capped at 6 MB it cannot grow, so the room left stays above it: 5 full collections in a run (all at start-up), a
 * scavenge every ~20 ms of 0.3-0.6 ms (what the thread holds alive is the batch in flight).
 */
const YOUNG_GENERATION_MB = 6;

/** Starts one click publisher thread (click-publisher-worker.ts), from the build or from sources alike. */
export function startClickPublisherThread(data: PublisherWorkerData): Worker {
  const entry = workerEntry(__filename, 'click-publisher-worker');
  return new Worker(entry.script, { argv: entry.argv, workerData: data, resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } });
}
