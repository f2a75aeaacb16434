import type { Redis, RedisOptions } from 'ioredis';
import { openRedis } from '@waymark/cache';
import { KafkaEventBus, kafkaConnectionSettings, type KafkaEnvSettings } from '@waymark/events';
import { createLogger, type Logger, type LoggerOptions } from '@waymark/logging';
import { loadTracingConfig, startTracing, type TracingConfig } from '@waymark/tracing';
import { installShutdown, type ShutdownStep } from '../server/shutdown';
import { installProcessGuard } from './process-guard';
import type { RunningService } from './running-service';

/** What every service's production configuration has. */
export interface ServiceMainConfig extends KafkaEnvSettings {
  LOG_LEVEL: LoggerOptions['level'];
}

/** The production clients a service's `main.ts` gets to build its adapters with. */
export interface ServiceMainContext<C> {
  readonly config: C;
  readonly logger: Logger;
  readonly bus: KafkaEventBus;
  /** The Kafka client id the bus connected with. */
  readonly kafkaClientId: string;
  /** A Redis connection that logs its errors; connections close last at shutdown, after the bus. */
  redis(url: string, purpose: string, options?: RedisOptions): Redis;
  /** Something to close at shutdown after the service and before the bus, in the order registered. */
  closeAtShutdown(name: string, close: () => Promise<unknown>): void;
}

export interface ServiceMain<C extends ServiceMainConfig> {
  service: string;
  /** Parses the environment; a throw is a bad setting: its message goes to stderr and the process exits 2. */
  loadConfig(env: NodeJS.ProcessEnv): C;
  /** How long an idle Kafka fetch waits; services that react in real time set it below the 1 s default. */
  kafkaFetchWaitMs?: number;
  start(context: ServiceMainContext<C>): Promise<RunningService>;
}

/**
 * A service's production entry point: configuration from the environment (the service's and the OpenTelemetry
 * variables), logger, tracing (when an OTLP endpoint is set), Kafka bus, then the service,
 * with a shutdown on SIGTERM/SIGINT that stops the service first, then what it registered, the bus, and Redis.
 * A failure to start is printed and exits 1; once started, an error that escapes a request is logged and the process
 * keeps serving (installProcessGuard).
 */
export function runServiceMain<C extends ServiceMainConfig>(main: ServiceMain<C>): void {
  startMain(main).catch((error: unknown) => {
    const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
    process.stderr.write(`${main.service} failed to start: ${detail}\n`);
    process.exit(1);
  });
}

async function startMain<C extends ServiceMainConfig>(main: ServiceMain<C>): Promise<void> {
  let config: C;
  let tracingConfig: TracingConfig;
  try {
    config = main.loadConfig(process.env);
    tracingConfig = loadTracingConfig(process.env, main.service);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  }
  const logger = createLogger({ service: main.service, level: config.LOG_LEVEL });
  const tracing = startTracing(tracingConfig, main.service);
  if (tracing.enabled) {
    logger.info({ endpoint: tracingConfig.OTEL_EXPORTER_OTLP_ENDPOINT }, 'tracing on: exporting spans by OTLP');
  }
  const consumer = main.kafkaFetchWaitMs === undefined ? {} : { maxWaitTimeMs: main.kafkaFetchWaitMs };
  const kafka = kafkaConnectionSettings(config, main.service, consumer);
  const bus = await KafkaEventBus.connect({ ...kafka, logger });
  const closers: ShutdownStep[] = [];
  const redisClients: Redis[] = [];
  const service = await main.start({
    config,
    logger,
    bus,
    kafkaClientId: kafka.clientId,
    redis(url, purpose, options) {
      const redis = openRedis(url, purpose, logger, options);
      redisClients.push(redis);
      return redis;
    },
    closeAtShutdown(name, close) {
      closers.push({ name, run: async () => void (await close()) });
    },
  });
  installShutdown(logger, [
    { name: 'service', run: () => service.stop() },
    ...closers,
    { name: 'events', run: () => bus.close() },
    { name: 'redis', run: async () => void (await Promise.all(redisClients.map((redis) => redis.quit()))) },
    // Spans still queued are exported last, after everything that could still make some.
    ...(tracing.enabled ? [{ name: 'tracing', run: () => tracing.shutdown() }] : []),
  ]);
  installProcessGuard(logger);
}
