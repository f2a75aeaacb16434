import { Worker } from 'node:worker_threads';
import type { PublisherWorkerData } from './click-publisher-protocol';
import { workerSource } from './worker-source';

/** Starts one click publisher thread (click-publisher-worker.ts), from the build or from sources alike. */
export function startClickPublisherThread(data: PublisherWorkerData): Worker {
  const source = workerSource('click-publisher-worker');
  return new Worker(source.script, { argv: source.argv, workerData: data });
}
