/*
 * Child process of the benchmark: `baseline` serves a fixed 302 on bare node:http; `redirector` runs the real
 * service against the given brokers. It reports its port, readiness and memory to the parent over IPC.
 */
import { createServer } from 'node:http';
import { Session } from 'node:inspector/promises';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { linksTopic } from '@waymark/contracts';
import { InProcessEventBus, KafkaEventBus, MemoryEventLogStore, type EventBus } from '@waymark/events';
import { createLogger } from '@waymark/logging';
import {
  loadProductionConfig,
  openClickPublisher,
  REDIRECTOR_FETCH_WAIT_MS,
  startService,
  type ClickPublisher,
} from '../src';
import { benchTenant, publishBenchLinks } from './bench-links';
import { sampleCpu } from './cpu-sample';

const send = (message: Record<string, unknown>) => process.send?.(message);

async function baseline(): Promise<void> {
  const server = createServer((_req, res) => {
    res.writeHead(302, { location: 'https://example.com/landing', 'cache-control': 'private, no-store, max-age=0' });
    res.end();
  });
  server.listen(0, '127.0.0.1', () => send({ port: (server.address() as { port: number }).port, ready: true }));
}

/**
 * The librdkafka mock keeps only about 5 MB per partition (some 10,000 links), so the links topic of the benchmark
 * is the embedded mode's in-process bus, filled before the service starts; clicks go to the Kafka mock as in
 * production. Memory is reported as the heap growth from start to ready (the in-process log itself excluded); the
 * log's records are then dropped before any load, as a production instance holds none of the topic.
 */
async function redirector(brokers: string, linkCount: number): Promise<void> {
  const logger = createLogger({ service: 'redirector-bench', level: 'warn' });
  const config = loadProductionConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    KAFKA_BROKERS: brokers,
    // The click settings of the environment (CLICK_PUBLISHER, CLICK_BATCH_MAX, ...) apply, as they would in main.ts.
    ...Object.fromEntries(Object.entries(process.env).filter(([name]) => name.startsWith('CLICK_'))),
    CLICK_SPOOL_DIR: mkdtempSync(join(tmpdir(), 'bench-spool-')),
  });
  const kafka = await KafkaEventBus.connect({
    brokers: config.KAFKA_BROKERS,
    clientId: 'redirector-bench',
    logger,
    consumer: { maxWaitTimeMs: REDIRECTOR_FETCH_WAIT_MS },
  });
  const store = new MemoryEventLogStore();
  const log = await InProcessEventBus.start({ store, logger });
  const tenant = benchTenant();
  await publishBenchLinks(log, tenant, linkCount);
  const bus: EventBus = {
    publish: (topic, messages) => kafka.publish(topic, messages),
    subscribe: (options) => log.subscribe(options),
    healthy: () => kafka.healthy(),
    close: async () => undefined,
  };
  // Clicks are produced as main.ts produces them (a producer thread unless CLICK_PUBLISHER=inline); the diagnostic
  // BENCH_CLICK_SINK=discard acknowledges every batch unsent, to show what producing the events costs.
  const clicks = openClickPublisher(config, { bus: kafka, clientId: 'redirector-bench', logger });
  const publisher: ClickPublisher =
    process.env.BENCH_CLICK_SINK === 'discard' ? { publish: () => Promise.resolve() } : clicks.publisher;
  global.gc?.();
  const before = process.memoryUsage();
  const started = Date.now();
  const service = await startService(config, { logger, bus, clickPublisher: publisher });
  send({ port: service.port });
  await service.ready;
  const readyMs = Date.now() - started;
  global.gc?.();
  const after = process.memoryUsage();
  // The read model is built: the log's records go, as retention drops what has been read (the subscription stays, for
  // links published later). Kept, they made the measured heap far larger than a production instance's and its
  // young-generation collections slower.
  await store.deleteBefore(linksTopic.name, Date.now() + 1);
  global.gc?.();
  await startProfilingIfAsked();
  send({
    ready: true,
    readyMs,
    rss: after.rss,
    heapGrowth: after.heapUsed - before.heapUsed,
    logHeap: before.heapUsed,
  });
}

/**
 * BENCH_CPU_PROFILE=<file>: a CPU profile of the redirector from ready to exit, so start-up (building 100,000 links)
 * does not drown what a visit costs. Open it in Chrome DevTools or any .cpuprofile viewer.
 */
let stopProfiling: (() => Promise<void>) | undefined;
async function startProfilingIfAsked(): Promise<void> {
  const file = process.env.BENCH_CPU_PROFILE;
  if (!file) return;
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  stopProfiling = async () => {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
  };
}

// The parent asks for CPU samples around each round, and for a normal exit so a profile can be written.
process.on('message', (message) => {
  if (message === 'cpu') send({ cpu: sampleCpu() });
  if (message === 'exit') void (stopProfiling?.() ?? Promise.resolve()).finally(() => process.exit(0));
});
const [mode, brokers, count] = process.argv.slice(2);
(mode === 'baseline' ? baseline() : redirector(brokers ?? '', Number(count))).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
