import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { AttemptRecord, ClaimedDelivery } from '../app/deliveries-ports';
import type { PrismaClient } from '../../generated/prisma/client';

/** Records one finished attempt (see registerDeliveryMetrics). */
export type RecordAttempt = (delivery: ClaimedDelivery, record: AttemptRecord) => void;

/**
 * Delivery attempts by channel type and outcome, failures by error kind, attempt latency, and the schedule's backlog:
 * deliveries due now and how late the oldest of them is (read when scraped, across every instance).
 */
export function registerDeliveryMetrics(registry: Registry, prisma: PrismaClient): RecordAttempt {
  const attempts = new Counter({
    name: 'notifier_delivery_attempts_total',
    help: 'Delivery attempts made, by channel type and outcome (delivered, failed)',
    labelNames: ['channel_type', 'outcome'] as const,
    registers: [registry],
  });
  const failures = new Counter({
    name: 'notifier_delivery_failures_total',
    help: 'Failed delivery attempts, by channel type and error kind',
    labelNames: ['channel_type', 'error_kind'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'notifier_delivery_attempt_duration_seconds',
    help: 'Duration of one delivery attempt (request and answer, or mail hand-off), in seconds',
    labelNames: ['channel_type'] as const,
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const due = () =>
    prisma
      .$queryRawUnsafe<{ due: bigint; late: number | null }[]>(
        `SELECT count(*) AS due, EXTRACT(EPOCH FROM now() - min(next_attempt_at))::float8 AS late
         FROM delivery WHERE status = 'pending' AND next_attempt_at <= now()`,
      )
      .then(
        ([row]) => ({ due: Number(row?.due ?? 0), late: Math.max(0, row?.late ?? 0) }),
        () => ({ due: NaN, late: NaN }),
      );
  new Gauge({
    name: 'notifier_deliveries_due',
    help: 'Deliveries whose next attempt is due now',
    registers: [registry],
    async collect() {
      this.set((await due()).due);
    },
  });
  new Gauge({
    name: 'notifier_oldest_due_delivery_age_seconds',
    help: 'Seconds the most overdue delivery has been waiting past its scheduled attempt (0 when none)',
    registers: [registry],
    async collect() {
      this.set((await due()).late);
    },
  });
  return (delivery, record) => {
    const channelType = delivery.channelType;
    attempts.inc({ channel_type: channelType, outcome: record.delivered ? 'delivered' : 'failed' });
    if (!record.delivered) failures.inc({ channel_type: channelType, error_kind: record.errorKind ?? 'unknown' });
    duration.observe({ channel_type: channelType }, record.durationMs / 1000);
  };
}
