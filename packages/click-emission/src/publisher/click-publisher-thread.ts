import { Worker } from 'node:worker_threads';
import { workerEntry } from '@waymark/http';
import type { PublisherWorkerData } from './click-publisher-protocol';

/**
 * The producer thread's young generation, at most (MB; V8 makes the semi-space a third of it).
 *
 * Why fixed small: with V8's default the young generation of this small, steady heap can grow until the old
 * generation's room left is no more than the young generation's capacity, V8's signal to start marking, and the
 * thread then compacts its whole heap every few hundred milliseconds for as long as the load lasts, taking cores
 * from the event loop. Capped, the young generation stays below that room; the thread only scavenges, often and
 * briefly, since what it keeps alive is the batch in flight.
 */
const YOUNG_GENERATION_MB = 6;

/** Starts one click publisher thread (click-publisher-worker.ts), from the build or from sources alike. */
export function startClickPublisherThread(data: PublisherWorkerData): Worker {
  const entry = workerEntry(__filename, 'click-publisher-worker');
  return new Worker(entry.script, {
    argv: entry.argv,
    workerData: data,
    resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
  });
}
