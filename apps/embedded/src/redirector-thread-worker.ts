import { parentPort, workerData } from 'node:worker_threads';
import { installProcessGuard } from '@waymark/http';
import { createLogger, type LoggerOptions } from '@waymark/logging';
import * as redirector from '@waymark/redirector';
import { loadTracingConfig, startTracing } from '@waymark/tracing';
import { startEmbeddedBus } from './embedded-bus';
import {
  toThreadError,
  type RedirectorThreadData,
  type RedirectorThreadReply,
  type RedirectorThreadRequest,
} from './redirector-thread-protocol';

/*
 * The embedded redirector's thread: its own event loop, so a visit never waits behind the API, an analytics batch,
 * a webhook fan-out or an import running in the main thread. It has a bus of its own on the same PostgreSQL event
 * log (appends wake subscribers across threads), its own tracer provider, and its own process guard once started.
 * It answers 'started' or 'failed' once; on 'stop' it stops the redirector, then its bus, and ends.
 */
const port = parentPort;
if (!port) throw new Error('redirector-thread-worker must run in a worker thread');
const data = workerData as RedirectorThreadData;
const level = data.logLevel as LoggerOptions['level'];
const logger = createLogger({ service: 'redirector', level });
const reply = (message: RedirectorThreadReply) => port.postMessage(message);

async function start() {
  const tracing = startTracing(loadTracingConfig(data.env, 'embedded'), 'waymark');
  const busLogger = createLogger({ service: 'embedded', level }).child({ component: 'bus', thread: 'redirector' });
  const bus = await startEmbeddedBus(data.databaseUrl, busLogger, { maintainLog: false });
  try {
    const service = await redirector.startService(redirector.loadConfig(data.env), { logger, bus });
    return { service, bus, tracing };
  } catch (error) {
    await bus.close().catch(() => undefined);
    await tracing.shutdown().catch(() => undefined);
    throw error;
  }
}

start().then(
  (running) => {
    installProcessGuard(logger);
    port.once('message', (request: RedirectorThreadRequest) => {
      if (request.type !== 'stop') return;
      void (async () => {
        let code = 0;
        for (const [name, stop] of [
          ['redirector', () => running.service.stop()],
          ['bus', () => running.bus.close()],
          ['tracing', () => running.tracing.shutdown()],
        ] as const) {
          await stop().catch((error: unknown) => {
            logger.error({ err: error, step: name }, 'the redirector thread did not stop cleanly');
            code = 1;
          });
        }
        process.exit(code);
      })();
    });
    reply({ type: 'started', port: running.service.port });
  },
  // The runner ends the thread on this answer: a start that failed half-way may have left handles open.
  (error: unknown) => reply({ type: 'failed', error: toThreadError(error) }),
);
