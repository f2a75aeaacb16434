import { Counter, Gauge, type Registry } from 'prom-client';
import type { OutboxRelay } from './outbox-relay';

export const OUTBOX_PENDING_METRIC = 'outbox_pending_events';
export const OUTBOX_AGE_METRIC = 'outbox_oldest_pending_age_seconds';
export const OUTBOX_PUBLISHED_METRIC = 'outbox_published_events_total';

/**
 * The outbox of one service schema on its registry: backlog and age of the oldest pending row (read when scraped;
 * a growing age means events stop reaching Kafka while writes still succeed) and events this instance published.
 */
export function registerOutboxMetrics(registry: Registry, relay: OutboxRelay): void {
  // A database that does not answer now shows as NaN rather than failing the whole scrape.
  const read = () => relay.backlog().catch(() => ({ pending: NaN, oldestAgeSeconds: NaN }));
  new Gauge({
    name: OUTBOX_PENDING_METRIC,
    help: 'Outbox rows not yet published to the event bus',
    registers: [registry],
    async collect() {
      this.set((await read()).pending);
    },
  });
  new Gauge({
    name: OUTBOX_AGE_METRIC,
    help: 'Seconds since the oldest unpublished outbox row was written (0 when none)',
    registers: [registry],
    async collect() {
      this.set((await read()).oldestAgeSeconds);
    },
  });
  new Counter({
    name: OUTBOX_PUBLISHED_METRIC,
    help: 'Outbox rows this instance published to the event bus',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(relay.published);
    },
  });
}
