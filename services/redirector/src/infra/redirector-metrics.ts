import { Counter, Gauge, type Registry } from 'prom-client';
import type { LinkStore } from '../app/link-store';
import type { ClickEmitter } from './click-emitter';

/** Visits by status (the visitor path bypasses express and its request histogram) and the emitter's state. */
export function registerRedirectorMetrics(registry: Registry, sources: { links: LinkStore; emitter: ClickEmitter }): (status: number) => void {
  const visits = new Counter({ name: 'redirector_visits_total', help: 'Visitor requests answered, by status', labelNames: ['status'], registers: [registry] });
  const gauge = (name: string, help: string, read: () => number) =>
    new Gauge({ name, help, registers: [registry], collect() { this.set(read()); } });
  gauge('redirector_links_in_memory', 'Links held in process', () => sources.links.size());
  gauge('redirector_clicks_published', 'Click events acknowledged by Kafka since start', () => sources.emitter.stats.published);
  gauge('redirector_clicks_queued', 'Click events waiting in memory', () => sources.emitter.stats.queued);
  gauge('redirector_click_spool_bytes', 'Bytes of click events waiting in the local spool', () => sources.emitter.stats.spooledBytes);
  gauge('redirector_clicks_dropped', 'Click events dropped because the spool was full', () => sources.emitter.stats.dropped);
  gauge('redirector_kafka_degraded', '1 while clicks.v1 does not accept events', () => (sources.emitter.stats.degraded ? 1 : 0));
  // One bound child per status: label hashing on every visit would cost more than the redirect itself.
  const byStatus = new Map<number, { inc(): void }>();
  return (status) => {
    let child = byStatus.get(status);
    if (!child) byStatus.set(status, (child = visits.labels(String(status))));
    child.inc();
  };
}
