import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { EventBus, SubscribeOptions, Subscription } from '../event-bus';
import { metricOnce } from './metric-once';

export const CONSUMER_LAG_METRIC = 'event_consumer_lag_messages';
export const MESSAGES_HANDLED_METRIC = 'event_messages_handled_total';
export const CATCH_UPS_METRIC = 'event_read_model_catch_ups_total';
export const CATCH_UP_DURATION_METRIC = 'event_read_model_catch_up_duration_seconds';

interface Watched {
  topic: string;
  group: string;
  subscription: Subscription;
}

/**
 * The bus as one service sees it, with that service's consumer metrics on its registry: lag per group and partition
 * (read from the bus when scraped), messages handled, and read-model catch-ups with their duration. A wrapper rather
 * than a bus feature, so the embedded mode's six services sharing one bus each report their own subscriptions.
 */
export function instrumentEventBus(bus: EventBus, registry: Registry): EventBus {
  const watched = new Set<Watched>();
  metricOnce(
    registry,
    CONSUMER_LAG_METRIC,
    () =>
      new Gauge({
        name: CONSUMER_LAG_METRIC,
        help: 'Messages not yet handled, per topic, consumer group and partition this instance reads',
        labelNames: ['topic', 'group', 'partition'] as const,
        registers: [registry],
        async collect() {
          this.reset();
          await Promise.all(
            [...watched].map(async ({ topic, group, subscription }) => {
              // A broker that does not answer now leaves this scrape without the series rather than failing it.
              const lags = await subscription.lag().catch(() => []);
              for (const { partition, lag } of lags) this.set({ topic, group, partition: String(partition) }, lag);
            }),
          );
        },
      }),
  );
  const handled = metricOnce(
    registry,
    MESSAGES_HANDLED_METRIC,
    () =>
      new Counter({
        name: MESSAGES_HANDLED_METRIC,
        help: 'Messages handed to a handler that resolved, per topic and consumer group',
        labelNames: ['topic', 'group'] as const,
        registers: [registry],
      }),
  );
  const catchUps = metricOnce(
    registry,
    CATCH_UPS_METRIC,
    () =>
      new Counter({
        name: CATCH_UPS_METRIC,
        help: 'Read-model catch-ups (a read waiting for the head of a topic), by outcome (caught_up, timeout, failed)',
        labelNames: ['topic', 'outcome'] as const,
        registers: [registry],
      }),
  );
  const catchUpDuration = metricOnce(
    registry,
    CATCH_UP_DURATION_METRIC,
    () =>
      new Histogram({
        name: CATCH_UP_DURATION_METRIC,
        help: 'Time a read-model catch-up waited, in seconds',
        labelNames: ['topic'] as const,
        buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
        registers: [registry],
      }),
  );

  return {
    publish: (topic, messages) => bus.publish(topic, messages),
    healthy: () => bus.healthy(),
    close: () => bus.close(),
    async subscribe<V>(options: SubscribeOptions<V>): Promise<Subscription> {
      const topic = options.topic.name;
      const group = options.mode === 'group' ? (options.groupId ?? '') : 'broadcast';
      const counter = handled.labels({ topic, group });
      const inner = await bus.subscribe({
        ...options,
        handleBatch: async (messages) => {
          await options.handleBatch(messages);
          counter.inc(messages.length);
        },
      });
      const entry: Watched = { topic, group, subscription: inner };
      watched.add(entry);
      return {
        caughtUp: inner.caughtUp,
        assignedPartitions: () => inner.assignedPartitions(),
        lag: () => inner.lag(),
        async catchUp(timeoutMs) {
          const stop = catchUpDuration.startTimer({ topic });
          try {
            await inner.catchUp(timeoutMs);
            catchUps.inc({ topic, outcome: 'caught_up' });
          } catch (error) {
            const timedOut = error instanceof Error && error.name === 'CatchUpTimeoutError';
            catchUps.inc({ topic, outcome: timedOut ? 'timeout' : 'failed' });
            throw error;
          } finally {
            stop();
          }
        },
        async stop() {
          watched.delete(entry);
          await inner.stop();
        },
      };
    },
  };
}
