import { Worker } from 'node:worker_threads';
import { workerEntry } from '@waymark/http';
import type { Logger } from '@waymark/logging';
import {
  fromThreadError,
  type RedirectorThreadData,
  type RedirectorThreadReply,
  type RedirectorThreadRequest,
} from './redirector-thread-protocol';

/** How long a stop lets the thread secure its clicks and close its bus before it is terminated. */
const STOP_TIMEOUT_MS = 30_000;
/** The pause before a thread that died is started again, doubled per failed start up to the maximum. */
const RESTART_DELAY_MS = 1_000;
const RESTART_DELAY_MAX_MS = 30_000;

interface Thread {
  readonly worker: Worker;
  readonly exited: Promise<number>;
}

/**
 * The redirector in a worker thread of its own (redirector-thread-worker.ts), so its event loop serves visitors alone.
 * start() resolves once it listens, or rejects with the thread's own start-up error. A thread that dies afterwards
 * (it should not: it guards itself as the process does) is logged and started again on the same port; its read
 * model comes back from the log, and what it loses is what a hard kill may lose, the clicks not yet written.
 */
export class RedirectorThread {
  private stopping: Promise<void> | undefined;
  private restarting: Promise<void> = Promise.resolve();

  private constructor(
    private current: Thread,
    private readonly data: RedirectorThreadData,
    private readonly logger: Logger,
  ) {
    this.watch(current);
  }

  static async start(data: RedirectorThreadData, logger: Logger): Promise<RedirectorThread> {
    return new RedirectorThread(await spawn(data), data, logger.child({ component: 'redirector-thread' }));
  }

  get port(): number {
    return Number(this.data.env.PORT);
  }

  /** Lets the thread stop its listener, secure its clicks and close its bus; terminates it past the timeout. */
  stop(): Promise<void> {
    return (this.stopping ??= this.restarting.then(() => stopThread(this.current, this.logger)));
  }

  private watch(thread: Thread): void {
    void thread.exited.then((code) => {
      if (this.stopping) return;
      this.logger.error({ code }, 'redirector thread ended unexpectedly; starting it again');
      this.restarting = this.restart();
    });
  }

  private async restart(): Promise<void> {
    for (let delay = RESTART_DELAY_MS; !this.stopping; delay = Math.min(delay * 2, RESTART_DELAY_MAX_MS)) {
      await new Promise((resolve) => setTimeout(resolve, delay).unref());
      if (this.stopping) return;
      try {
        this.current = await spawn(this.data);
        this.logger.warn('redirector thread started again');
        this.watch(this.current);
        return;
      } catch (error) {
        this.logger.error({ err: error }, 'redirector thread did not start again; retrying');
      }
    }
  }
}

function spawn(data: RedirectorThreadData): Promise<Thread> {
  const entry = workerEntry(__filename, 'redirector-thread-worker');
  const worker = new Worker(entry.script, { argv: entry.argv, workerData: data });
  const exited = new Promise<number>((resolve) => worker.once('exit', resolve));
  return new Promise<Thread>((resolve, reject) => {
    let answered = false;
    worker.once('error', reject);
    void exited.then((code) => {
      if (!answered) reject(new Error(`the redirector thread ended with code ${code} while starting`));
    });
    worker.once('message', (reply: RedirectorThreadReply) => {
      answered = true;
      worker.off('error', reject);
      // Past start-up an error in the thread is its process guard's to log; one that still ends it, the exit watch's.
      worker.on('error', () => undefined);
      if (reply.type === 'started') resolve({ worker, exited });
      else void worker.terminate().finally(() => reject(fromThreadError(reply.error)));
    });
  });
}

async function stopThread(thread: Thread, logger: Logger): Promise<void> {
  thread.worker.postMessage({ type: 'stop' } satisfies RedirectorThreadRequest);
  let timer: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([
    thread.exited,
    new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), STOP_TIMEOUT_MS))),
  ]);
  clearTimeout(timer);
  if (outcome !== 'timeout') return;
  logger.warn({ timeoutMs: STOP_TIMEOUT_MS }, 'redirector thread did not stop in time; terminating it');
  await thread.worker.terminate();
}
