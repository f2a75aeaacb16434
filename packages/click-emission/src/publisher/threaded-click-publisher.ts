import type { Worker } from 'node:worker_threads';
import type { Logger } from '@waymark/logging';
import type { ClickBatch } from '../emitter/click-batch';
import type { ClickPublisher } from '../emitter/click-publisher';
import type { PublishReply, PublisherRequest, PublisherWorkerData } from './click-publisher-protocol';
import { startClickPublisherThread } from './click-publisher-thread';

export interface ThreadedClickPublisherOptions {
  readonly brokers: string[];
  readonly clientId: string;
  readonly logger: Logger;
  /** How long close() lets the thread flush and disconnect before terminating it. Default 5 000. */
  readonly closeTimeoutMs?: number;
  /** Starts a thread; startClickPublisherThread unless given (tests wrap it to hold the Worker they will kill). */
  readonly startThread?: (data: PublisherWorkerData) => Worker;
}

interface Pending {
  resolve(): void;
  reject(error: Error): void;
}

interface Thread {
  readonly worker: Worker;
  readonly pending: Map<number, Pending>;
  readonly exited: Promise<void>;
}

/**
 * The ClickPublisher of a standalone redirector: each batch is posted to a worker thread that owns the Kafka producer
 * (click-publisher-worker.ts), and the returned promise settles with the thread's answer. The main thread only pays
 * for handing the batch over: its records are already packed as bytes (ClickBatch), so that is one copy of an
 * ArrayBuffer, transferred, instead of a structured clone of every record (objects or strings) on the event loop.
 *
 * A thread that dies (an uncaught error, or its Kafka connection gave up) fails its pending publishes, so the emitter
 * spools those events, and the next publish starts a fresh thread. A publish the thread never answers stays pending:
 * the emitter's own timer sends new events to the spool meanwhile, as it does for a hung in-thread producer.
 */
export class ThreadedClickPublisher implements ClickPublisher {
  private thread: Thread | undefined;
  private nextId = 0;
  private closing: Promise<void> | undefined;

  constructor(private readonly options: ThreadedClickPublisherOptions) {
    // Started now, so the producer connects while the read model loads, not on the first visit.
    this.thread = this.spawn();
  }

  publish(batch: ClickBatch): Promise<void> {
    if (this.closing) return Promise.reject(new Error('the click publisher is closed'));
    const thread = (this.thread ??= this.spawn());
    const id = this.nextId++;
    // A copy: the batch keeps its own bytes, to be spooled if this publish fails.
    const packed = batch.packed();
    const request: PublisherRequest = { type: 'publish', id, packed };
    return new Promise<void>((resolve, reject) => {
      thread.pending.set(id, { resolve, reject });
      try {
        thread.worker.postMessage(request, [packed]);
      } catch (error) {
        thread.pending.delete(id);
        reject(error as Error);
      }
    });
  }

  /** Lets the thread flush what it holds and disconnect its producer; terminates it after `closeTimeoutMs`. */
  close(): Promise<void> {
    return (this.closing ??= (async () => {
      const thread = this.thread;
      if (!thread) return;
      // Unreferenced while it serves (see spawn), but the process must not end before the producer flushed.
      thread.worker.ref();
      thread.worker.postMessage({ type: 'close' } satisfies PublisherRequest);
      let timer: NodeJS.Timeout | undefined;
      const timedOut = await Promise.race([
        thread.exited.then(() => false),
        new Promise<boolean>(
          (resolve) => (timer = setTimeout(() => resolve(true), this.options.closeTimeoutMs ?? 5_000)),
        ),
      ]);
      clearTimeout(timer);
      if (timedOut) {
        this.options.logger.warn(
          { timeoutMs: this.options.closeTimeoutMs ?? 5_000 },
          'click publisher thread did not close in time; terminating it',
        );
        await thread.worker.terminate();
      }
    })());
  }

  private spawn(): Thread {
    const { logger, startThread = startClickPublisherThread } = this.options;
    const worker = startThread({
      brokers: this.options.brokers,
      clientId: this.options.clientId,
      logLevel: logger.level,
      logBindings: logger.bindings(),
    });
    // The HTTP server is what keeps a service alive; an idle producer thread must not keep a stopped one running.
    worker.unref();
    const thread: Thread = {
      worker,
      pending: new Map(),
      exited: new Promise((resolve) => worker.once('exit', () => resolve())),
    };
    worker.on('message', (reply: PublishReply) => {
      const pending = thread.pending.get(reply.id);
      if (!pending) return;
      thread.pending.delete(reply.id);
      if (reply.ok) pending.resolve();
      else pending.reject(new Error(`click publisher thread: ${reply.error}`));
    });
    worker.on('error', (error) => this.fail(thread, error));
    worker.on('exit', (code) => this.fail(thread, new Error(`click publisher thread exited with code ${code}`)));
    return thread;
  }

  /** Fails what a dead thread held; the next publish starts a fresh one (none once closing). */
  private fail(thread: Thread, error: Error): void {
    for (const pending of thread.pending.values()) pending.reject(error);
    thread.pending.clear();
    if (this.thread !== thread) return;
    this.thread = undefined;
    if (!this.closing)
      this.options.logger.error(
        { err: error },
        'click publisher thread died; its pending publishes fail, the next one starts a fresh thread',
      );
  }
}
