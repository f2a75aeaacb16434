import { Worker } from 'node:worker_threads';
import { workerEntry } from '@waymark/http';
import type { Logger } from '@waymark/logging';
import type { ExportOptions, RecordJob, RecordRenderer, RenderedRecord } from '../render';
import type { RenderReply, RenderTask } from './render-protocol';

/** Records per task: large enough that messaging costs little, small enough to keep every thread busy to the end. */
const CHUNK = 8;
/** Tasks in flight per thread: one rendering, one queued, so a thread never waits for the next task. */
const IN_FLIGHT_PER_THREAD = 2;

interface Pending {
  resolve(results: RenderedRecord[]): void;
  reject(error: Error): void;
}

interface Thread {
  worker: Worker;
  pending: Map<number, Pending>;
}

/**
 * A pool of render worker threads that renders one export's records in parallel and yields them in order, so
 * renderExport (which writes the zip, sheet and manifest on this thread) is unchanged. A crashed thread fails its
 * tasks (and so the export) and is replaced for the next one.
 */
export class RenderPool {
  private readonly threads: Thread[] = [];
  private nextTaskId = 0;
  private closed = false;

  constructor(
    readonly size: number,
    private readonly logger: Logger,
  ) {
    for (let i = 0; i < size; i++) this.threads.push(this.spawn());
  }

  /** The RecordRenderer renderExport takes. */
  readonly render: RecordRenderer = (jobs, options, _gs1, zipDate) => this.renderInOrder(jobs, options, zipDate);

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.threads.map((t) => t.worker.terminate()));
  }

  private async *renderInOrder(jobs: readonly RecordJob[], options: ExportOptions, zipDate: Date): AsyncIterable<RenderedRecord> {
    const chunks: RecordJob[][] = [];
    for (let i = 0; i < jobs.length; i += CHUNK) chunks.push(jobs.slice(i, i + CHUNK));
    const window = this.size * IN_FLIGHT_PER_THREAD;
    const inFlight: Promise<RenderedRecord[]>[] = [];
    let dispatched = 0;
    const keepGeometry = options.sheet !== 'none';
    try {
      for (let i = 0; i < chunks.length; i++) {
        while (dispatched < chunks.length && dispatched < i + window) {
          const task = this.submit({ id: this.nextTaskId++, jobs: chunks[dispatched]!, options, keepGeometry, zipDate: zipDate.getTime() });
          task.catch(() => undefined); // awaited below in order; a later failure must not surface as unhandled
          inFlight.push(task);
          dispatched++;
        }
        for (const rendered of await inFlight[i]!) yield rendered;
      }
    } finally {
      inFlight.length = 0;
    }
  }

  private submit(task: RenderTask): Promise<RenderedRecord[]> {
    if (this.closed) return Promise.reject(new Error('render pool is closed'));
    const thread = this.threads.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
    return new Promise<RenderedRecord[]>((resolve, reject) => {
      thread.pending.set(task.id, { resolve, reject });
      thread.worker.postMessage(task);
    });
  }

  private spawn(): Thread {
    const entry = workerEntry(__filename, 'render-worker');
    const worker = new Worker(entry.script, { argv: entry.argv });
    const thread: Thread = { worker, pending: new Map() };
    worker.unref();
    worker.on('message', (reply: RenderReply) => {
      const pending = thread.pending.get(reply.id);
      if (!pending) return;
      thread.pending.delete(reply.id);
      if ('error' in reply) pending.reject(new Error(`render worker: ${reply.error}`));
      else pending.resolve(reply.results);
    });
    worker.on('error', (err) => this.fail(thread, err));
    worker.on('exit', (code) => this.fail(thread, new Error(`render worker exited with code ${code}`)));
    return thread;
  }

  /** Fails what the dead thread held and puts a fresh thread in its place. */
  private fail(thread: Thread, error: Error): void {
    const index = this.threads.indexOf(thread);
    if (index < 0) return;
    for (const pending of thread.pending.values()) pending.reject(error);
    thread.pending.clear();
    if (this.closed) return;
    this.logger.error({ err: error }, 'render worker died; starting a new one');
    void thread.worker.terminate();
    this.threads[index] = this.spawn();
  }
}
