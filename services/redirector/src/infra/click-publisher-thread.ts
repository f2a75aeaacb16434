import { Worker } from 'node:worker_threads';
import { workerEntry } from '@waymark/http';
import type { PublisherWorkerData } from './click-publisher-protocol';

/** Starts one click publisher thread (click-publisher-worker.ts), from the build or from sources alike. */
export function startClickPublisherThread(data: PublisherWorkerData): Worker {
  const entry = workerEntry(__filename, 'click-publisher-worker');
  return new Worker(entry.script, { argv: entry.argv, workerData: data });
}
