import type { Redis } from 'ioredis';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clicksTopic, type ClickFact } from '@waymark/contracts';
import { KafkaEventBus, type EventBus, type Subscription } from '@waymark/events';
import { createLogger } from '@waymark/logging';
import {
  loadProductionConfig,
  openClickPublisher,
  REDIRECTOR_FETCH_WAIT_MS,
  startService,
  type RunningService,
} from '../../src';

export const silentLogger = () =>
  createLogger({ service: 'redirector-test', level: process.env.TEST_LOG_LEVEL === 'debug' ? 'debug' : 'silent' });

export function connectBus(brokers: string[], clientId = 'redirector-test'): Promise<KafkaEventBus> {
  return KafkaEventBus.connect({
    brokers,
    clientId,
    logger: silentLogger(),
    lingerMs: 2,
    consumer: { maxWaitTimeMs: REDIRECTOR_FETCH_WAIT_MS },
  });
}

export interface StartedRedirector {
  service: RunningService;
  bus: KafkaEventBus;
  spoolDir: string;
  stop(): Promise<void>;
}

/**
 * A real redirector process-in-process on a free port, with its own Kafka connection and spool directory, wired as
 * main.ts wires it: click events go through the publisher CLICK_PUBLISHER selects (the producer thread by default).
 */
export async function startRedirector(
  brokers: string[],
  env: Record<string, string> = {},
  redis?: Redis,
): Promise<StartedRedirector> {
  const spoolDir = env.CLICK_SPOOL_DIR ?? mkdtempSync(join(tmpdir(), 'redirector-spool-'));
  const config = loadProductionConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    KAFKA_BROKERS: brokers.join(','),
    CLICK_SPOOL_DIR: spoolDir,
    CLICK_FLUSH_INTERVAL: '10ms',
    ...env,
  });
  const logger = silentLogger();
  const bus = await connectBus(brokers, 'redirector');
  const clicks = openClickPublisher(config, { bus, clientId: 'redirector', logger });
  let service: RunningService;
  try {
    service = await startService(config, { logger, bus, clickPublisher: clicks.publisher, redis });
    await service.ready;
  } catch (error) {
    // A failed start leaves no connection behind (tests start again after a failure, like an orchestrator).
    await clicks.close().catch(() => undefined);
    await bus.close().catch(() => undefined);
    throw error;
  }
  return {
    service,
    bus,
    spoolDir,
    stop: async () => {
      await service.stop();
      await clicks.close();
      await bus.close();
    },
  };
}

/** Collects the clicks.v1 events of one tenant (the topic is shared by every test file). */
export async function collectClicks(
  bus: EventBus,
  tenantId: string,
): Promise<{ events: ClickFact[]; subscription: Subscription }> {
  const events: ClickFact[] = [];
  const subscription = await bus.subscribe({
    topic: clicksTopic,
    mode: 'broadcast',
    handleBatch: async (messages) => {
      for (const m of messages) if (m.value && m.value.tenantId === tenantId) events.push(m.value);
    },
  });
  return { events, subscription };
}
