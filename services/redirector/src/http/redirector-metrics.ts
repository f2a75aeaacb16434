import { Counter, Gauge, type Registry } from 'prom-client';
import type { LinkStore } from '../links/app/links-ports';
import type { ClickEmitter } from '@waymark/click-emission';

/** Visits by status (the visitor path bypasses express and its request histogram) and the emitter's state. */
export function registerRedirectorMetrics(
  registry: Registry,
  sources: { links: LinkStore; emitter: ClickEmitter },
): (status: number) => void {
  // Counted in a plain Map and handed to the counter when scraped: prom-client's labels().inc() hashes and
  // validates the label set on every call, which cost more than the rest of a redirect's bookkeeping.
  const byStatus = new Map<number, number>();
  new Counter({
    name: 'redirector_visits_total',
    help: 'Visitor requests answered, by status',
    labelNames: ['status'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [status, count] of byStatus) this.inc({ status: String(status) }, count);
    },
  });
  const gauge = (name: string, help: string, read: () => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read());
      },
    });
  gauge('redirector_links_in_memory', 'Links held in process', () => sources.links.size());
  gauge('redirector_clicks_queued', 'Click events waiting in memory', () => sources.emitter.stats.queued);
  gauge(
    'redirector_click_spool_bytes',
    'Bytes of click events waiting in the local spool',
    () => sources.emitter.stats.spooledBytes,
  );
  // The emitter keeps running totals; a counter that reads them when scraped stays a counter (rate() works).
  const total = (name: string, help: string, read: () => number) =>
    new Counter({
      name,
      help,
      registers: [registry],
      collect() {
        this.reset();
        this.inc(read());
      },
    });
  const stats = () => sources.emitter.stats;
  total('redirector_clicks_published_total', 'Click events acknowledged by Kafka', () => stats().published);
  total('redirector_clicks_dropped_total', 'Click events dropped because the spool was full', () => stats().dropped);
  gauge('redirector_kafka_degraded', '1 while clicks.v1 does not accept events', () =>
    sources.emitter.stats.degraded ? 1 : 0,
  );
  return (status) => {
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
  };
}
