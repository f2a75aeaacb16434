import type { Logger } from '@waymark/logging';
import { inSpan, SpanStatusCode } from '@waymark/tracing';
import { attemptDelivery, type AttemptDeps } from './app/attempt-delivery';
import type { ChannelRepository } from '../channels/app/channels-ports';
import type { Config } from '../config';
import type { PrismaClient } from '../generated/prisma/client';
import type { DeliveryRepository } from './app/deliveries-ports';
import { attemptSpanOptions } from './infra/attempt-span';
import type { RecordAttempt } from './infra/delivery-metrics';
import { DeliveryWorker } from './infra/delivery-worker';
import { RetentionSweeper } from './infra/retention-sweeper';
import { WorkSignals } from './infra/work-signals';

export interface DeliveryPipelineDeps {
  config: Config;
  logger: Logger;
  databaseUrl: string;
  /** The service's PostgreSQL schema, where the LISTEN connection looks for work signals. */
  schema: string;
  prisma: PrismaClient;
  channels: ChannelRepository;
  deliveries: DeliveryRepository;
  attemptDeps: Omit<AttemptDeps, 'onGone' | 'timeUnitMs'>;
  /** Told of every finished attempt (metrics). */
  recordAttempt?: RecordAttempt;
}

export interface DeliveryPipeline {
  /** New deliveries were scheduled in this process: look for due work now. */
  wake(): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** Slack between an attempt's timeout and the end of its lease (result write, clock differences). */
const LEASE_MARGIN_MS = 30_000;

/**
 * The delivery side of the notifier: the worker that runs the durable schedule, the LISTEN connection that wakes
 * it when any instance schedules work or stops a channel, and the retention sweep of old deliveries.
 *
 * Lease: a claimed row may wait in the worker's queue (at most one batch behind the slots on the wire, so about one
 * attempt timeout) before its attempt, which itself takes at most the timeout. The lease covers two timeouts of
 * waiting plus the attempt plus a margin; a row that waited longer is dropped unsent and left to its lease.
 */
export function createDeliveryPipeline(deps: DeliveryPipelineDeps): DeliveryPipeline {
  const { config, logger, channels } = deps;
  const timeout = config.DELIVERY_TIMEOUT;
  const leaseMs = 3 * timeout + LEASE_MARGIN_MS;
  const worker = new DeliveryWorker({
    deliveries: deps.deliveries,
    logger,
    concurrency: config.DELIVERY_CONCURRENCY,
    perChannel: config.DELIVERY_CONCURRENCY_PER_CHANNEL,
    pollIntervalMs: config.DELIVERY_POLL_INTERVAL,
    leaseMs,
    maxQueueWaitMs: leaseMs - timeout - LEASE_MARGIN_MS / 2,
    attempt: (delivery) =>
      inSpan(`deliver ${delivery.channelType}`, attemptSpanOptions(delivery), async (span) => {
        const record = await attemptDelivery(
          {
            ...deps.attemptDeps,
            timeUnitMs: config.DELIVERY_TIME_UNIT,
            onGone: config.DISABLE_CHANNEL_ON_410
              ? async (d) => {
                  await channels.update(d.tenantId, d.channelId, { enabled: false }, 'gone');
                  logger.warn({ channelId: d.channelId }, 'receiver answered 410 Gone: channel disabled');
                }
              : undefined,
          },
          delivery,
        );
        deps.recordAttempt?.(delivery, record);
        if (record.httpStatus !== null) span.setAttribute('http.response.status_code', record.httpStatus);
        if (!record.delivered) span.setStatus({ code: SpanStatusCode.ERROR, message: record.errorKind ?? 'failed' });
        return record;
      }),
  });
  const signals = new WorkSignals(
    { databaseUrl: deps.databaseUrl, schema: deps.schema },
    { onWork: () => worker.wake(), onChannelStopped: (channelId) => worker.forgetChannel(channelId) },
    logger,
  );
  const sweeper = new RetentionSweeper({
    prisma: deps.prisma,
    logger,
    retentionMs: config.DELIVERY_RETENTION,
    intervalMs: config.DELIVERY_RETENTION_SWEEP_INTERVAL,
    clock: deps.attemptDeps.clock,
  });
  return {
    wake: () => worker.wake(),
    start: async () => {
      worker.start();
      // Without the LISTEN connection the worker still polls; a database that is down at start fails readiness anyway.
      await signals.start();
      sweeper.start();
    },
    stop: async () => {
      await sweeper.stop();
      await signals.stop();
      await worker.stop();
    },
  };
}
