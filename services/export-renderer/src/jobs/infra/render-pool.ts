import { Worker } from 'node:worker_threads';
import { EXPORT_BUDGET, jobRasterPixels } from '@waymark/contracts';
import { workerEntry } from '@waymark/http';
import type { Logger } from '@waymark/logging';
import type { RecordJob, RecordRenderer, RenderedRecord } from '../../artwork/app/artwork-ports';
import type { ExportOptions } from '../../artwork/domain/export-options';
import { FairQueue } from '../app/fair-queue';
import type { RenderReply, RenderTask } from './render-protocol';

/** Records per task at most: large enough that messaging costs little, small enough to keep every thread busy. */
const CHUNK = 8;
/**
 * Raster pixels per task at most (one symbol at the per-symbol limit): a task of large raster copies holds fewer
 * records, so no task keeps a thread, and a small job of another tenant waiting for it, much longer than another.
 */
const CHUNK_RASTER_PIXELS = EXPORT_BUDGET.rasterPixelsPerSymbol;
/** Tasks a thread holds at once: one rendering, one queued, so a thread never waits for the next task. */
const IN_FLIGHT_PER_THREAD = 2;
/**
 * A task of more raster pixels than this takes long enough that messaging costs nothing beside it: a thread holding
 * one takes no second task, so a small job of another tenant waits for at most one such task per thread.
 */
const HEAVY_TASK_PIXELS = CHUNK_RASTER_PIXELS / 4;
/** Tasks one job keeps submitted ahead of the record it yields next, per thread. */
const AHEAD_PER_THREAD = 2;

export interface RenderPoolOptions {
  readonly size: number;
  /** A thread whose own memory is past this after a task is replaced once it has finished what it holds. */
  readonly recycleBytes: number;
  /** The V8 heap limit of each thread (buffers are outside it; the budget bounds those). */
  readonly maxHeapMb: number;
  /**
   * After this long with nothing to render, threads that rendered anything are replaced: a thread keeps the heap it
   * grew to, and giving it back with the isolate is what returns the memory after a job. 0 turns it off.
   */
  readonly idleRecycleMs: number;
}

interface Queued {
  readonly task: RenderTask;
  readonly heavy: boolean;
  resolve(results: RenderedRecord[]): void;
  reject(error: Error): void;
}

interface Thread {
  worker: Worker;
  pending: Map<number, Queued>;
  /** Past the memory limit: takes no new task and is replaced once its tasks are done. */
  retiring: boolean;
  /** Has rendered since it started. */
  used: boolean;
}

/** How many records go into one task for these options. */
export function recordsPerTask(options: ExportOptions): number {
  const perRecord = jobRasterPixels(options, 1);
  return perRecord === 0 ? CHUNK : Math.max(1, Math.min(CHUNK, Math.floor(CHUNK_RASTER_PIXELS / perRecord)));
}

/**
 * A pool of render worker threads shared by every job the renderer has in hand. Each job's records are split into
 * tasks, queued per tenant and handed to free threads from the tenants in turn (FairQueue), and yielded back in
 * order, so renderExport (which writes the zip, sheet and manifest on this thread) is unchanged. A thread that grew
 * past the memory limit is replaced after its tasks; a crashed thread fails its tasks (so their job's attempt) and
 * is replaced.
 */
export class RenderPool {
  private readonly threads: Thread[] = [];
  private readonly queue = new FairQueue<Queued>();
  private nextTaskId = 0;
  private closed = false;
  /** Threads replaced for their memory so far, past the limit or idle (metrics and tests). */
  recycled = 0;
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly options: RenderPoolOptions,
    private readonly logger: Logger,
  ) {
    for (let i = 0; i < options.size; i++) this.threads.push(this.spawn());
  }

  get size(): number {
    return this.options.size;
  }

  /** The threads' ids, in pool order: a replaced thread's id changes. */
  threadIds(): number[] {
    return this.threads.map((t) => t.worker.threadId);
  }

  /** The RecordRenderer renderExport takes; `tenant` is whose turn the job's tasks take in the queue. */
  readonly render: RecordRenderer = (jobs, options, _gs1, zipDate, tenant) =>
    this.renderInOrder(jobs, options, zipDate, tenant ?? '');

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.idleTimer);
    for (const queued of this.queue.drain()) queued.reject(new Error('render pool is closed'));
    await Promise.all(this.threads.map((t) => t.worker.terminate()));
  }

  private async *renderInOrder(
    jobs: readonly RecordJob[],
    options: ExportOptions,
    zipDate: Date,
    tenant: string,
  ): AsyncIterable<RenderedRecord> {
    const per = recordsPerTask(options);
    const chunks: RecordJob[][] = [];
    for (let i = 0; i < jobs.length; i += per) chunks.push(jobs.slice(i, i + per));
    const ahead = this.options.size * AHEAD_PER_THREAD;
    const submitted: Promise<RenderedRecord[]>[] = [];
    const keepGeometry = options.sheet !== 'none';
    try {
      for (let i = 0; i < chunks.length; i++) {
        while (submitted.length < chunks.length && submitted.length < i + ahead) {
          const task = {
            id: this.nextTaskId++,
            jobs: chunks[submitted.length]!,
            options,
            keepGeometry,
            zipDate: zipDate.getTime(),
          };
          const result = this.submit(tenant, task);
          result.catch(() => undefined); // awaited below in order; a later failure must not surface as unhandled
          submitted.push(result);
        }
        for (const rendered of await submitted[i]!) yield rendered;
      }
    } finally {
      submitted.length = 0;
    }
  }

  private submit(tenant: string, task: RenderTask): Promise<RenderedRecord[]> {
    if (this.closed) return Promise.reject(new Error('render pool is closed'));
    return new Promise<RenderedRecord[]>((resolve, reject) => {
      const heavy = jobRasterPixels(task.options, task.jobs.length) > HEAVY_TASK_PIXELS;
      this.queue.push(tenant, { task, heavy, resolve, reject });
      this.dispatch();
    });
  }

  /** Hands queued tasks to threads with room, the least loaded first. */
  private dispatch(): void {
    for (;;) {
      const open = this.threads.filter((t) => !t.retiring && this.hasRoom(t));
      if (open.length === 0 || this.queue.size === 0) return;
      const thread = open.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
      const queued = this.queue.shift()!;
      clearTimeout(this.idleTimer);
      this.idleTimer = undefined;
      thread.used = true;
      thread.pending.set(queued.task.id, queued);
      thread.worker.postMessage(queued.task);
    }
  }

  private hasRoom(thread: Thread): boolean {
    if (thread.pending.size === 0) return true;
    return thread.pending.size < IN_FLIGHT_PER_THREAD && ![...thread.pending.values()].some((q) => q.heavy);
  }

  private spawn(): Thread {
    const entry = workerEntry(__filename, 'render-worker');
    const worker = new Worker(entry.script, {
      argv: entry.argv,
      resourceLimits: { maxOldGenerationSizeMb: this.options.maxHeapMb },
    });
    const thread: Thread = { worker, pending: new Map(), retiring: false, used: false };
    worker.unref();
    worker.on('message', (reply: RenderReply) => this.settle(thread, reply));
    worker.on('error', (err) => this.fail(thread, err));
    worker.on('exit', (code) => this.fail(thread, new Error(`render worker exited with code ${code}`)));
    return thread;
  }

  private settle(thread: Thread, reply: RenderReply): void {
    const queued = thread.pending.get(reply.id);
    if (queued) {
      thread.pending.delete(reply.id);
      if ('error' in reply) queued.reject(new Error(`render worker: ${reply.error}`));
      else queued.resolve(reply.results);
    }
    if (!thread.retiring && reply.memoryBytes > this.options.recycleBytes) {
      thread.retiring = true;
      this.logger.info(
        { memoryBytes: reply.memoryBytes, limit: this.options.recycleBytes },
        'render worker past its memory limit; replacing it',
      );
    }
    if (thread.retiring && thread.pending.size === 0) this.replace(thread);
    this.dispatch();
    if (this.idle() && this.options.idleRecycleMs > 0 && !this.idleTimer) {
      this.idleTimer = setTimeout(() => this.recycleIdle(), this.options.idleRecycleMs);
      this.idleTimer.unref();
    }
  }

  private idle(): boolean {
    return this.queue.size === 0 && this.threads.every((t) => t.pending.size === 0);
  }

  private recycleIdle(): void {
    this.idleTimer = undefined;
    if (!this.idle()) return;
    for (const thread of this.threads.filter((t) => t.used)) this.replace(thread);
  }

  /** Puts a fresh thread in the place of one that is done (its memory goes back with its isolate). */
  private replace(thread: Thread): void {
    const index = this.threads.indexOf(thread);
    if (index < 0 || this.closed) return;
    this.threads[index] = this.spawn();
    this.recycled++;
    void thread.worker.terminate(); // its exit finds it out of the pool and is ignored
  }

  /** Fails what the dead thread held and puts a fresh thread in its place. */
  private fail(thread: Thread, error: Error): void {
    const index = this.threads.indexOf(thread);
    if (index < 0) return;
    for (const queued of thread.pending.values()) queued.reject(error);
    thread.pending.clear();
    if (this.closed) return;
    this.logger.error({ err: error }, 'render worker died; starting a new one');
    void thread.worker.terminate();
    this.threads[index] = this.spawn();
    this.dispatch();
  }
}
