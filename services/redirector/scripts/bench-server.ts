/*
 * Child process of the benchmark: `baseline` serves a fixed 302 on bare node:http; `redirector` runs the real
 * service against the given brokers. It reports its port, readiness and memory to the parent over IPC.
 */
import { createServer } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InProcessEventBus, KafkaEventBus, MemoryEventLogStore, type EventBus } from '@waymark/events';
import { createLogger } from '@waymark/logging';
import { loadProductionConfig, openClickPublisher, REDIRECTOR_FETCH_WAIT_MS, startService } from '../src';
import { benchTenant, publishBenchLinks } from './bench-links';

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
 * production. Memory is reported as the heap growth from start to ready (the in-process log itself excluded).
 */
async function redirector(brokers: string, linkCount: number): Promise<void> {
  const logger = createLogger({ service: 'redirector-bench', level: 'warn' });
  const config = loadProductionConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    KAFKA_BROKERS: brokers,
    CLICK_SPOOL_DIR: mkdtempSync(join(tmpdir(), 'bench-spool-')),
    ...(process.env.CLICK_PUBLISHER ? { CLICK_PUBLISHER: process.env.CLICK_PUBLISHER } : {}),
  });
  const kafka = await KafkaEventBus.connect({ brokers: config.KAFKA_BROKERS, clientId: 'redirector-bench', logger, consumer: { maxWaitTimeMs: REDIRECTOR_FETCH_WAIT_MS } });
  const log = await InProcessEventBus.start({ store: new MemoryEventLogStore(), logger });
  const tenant = benchTenant();
  await publishBenchLinks(log, tenant, linkCount);
  const bus: EventBus = {
    publish: (topic, messages) => kafka.publish(topic, messages),
    subscribe: (options) => log.subscribe(options),
    healthy: () => kafka.healthy(),
    close: async () => undefined,
  };
  // Clicks are produced as main.ts produces them (a producer thread unless CLICK_PUBLISHER=inline).
  const clicks = openClickPublisher(config, { bus: kafka, clientId: 'redirector-bench', logger });
  global.gc?.();
  const before = process.memoryUsage();
  const started = Date.now();
  const service = await startService(config, { logger, bus, clickPublisher: clicks.publisher });
  send({ port: service.port });
  await service.ready;
  const readyMs = Date.now() - started;
  global.gc?.();
  const after = process.memoryUsage();
  send({ ready: true, readyMs, rss: after.rss, heapGrowth: after.heapUsed - before.heapUsed, logHeap: before.heapUsed });
}

// The parent asks for a normal exit, so --cpu-prof and friends can write their output.
process.on('message', (message) => message === 'exit' && process.exit(0));
const [mode, brokers, count] = process.argv.slice(2);
(mode === 'baseline' ? baseline() : redirector(brokers ?? '', Number(count))).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
