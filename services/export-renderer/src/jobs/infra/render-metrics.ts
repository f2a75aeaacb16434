import { Counter, Histogram, type Registry } from 'prom-client';
import type { RecordRender } from '../app/jobs-ports';

/** Jobs this renderer took, by outcome (error: thrown, so retried), and how long each took (snapshot to zip). */
export function registerRenderMetrics(registry: Registry): RecordRender {
  const jobs = new Counter({
    name: 'export_renders_total',
    help: 'Export jobs this renderer handled, by outcome (ready, failed, skipped, error: retried)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'export_render_duration_seconds',
    help: 'Time to render one export job, from reading its snapshot to the uploaded zip, in seconds',
    labelNames: ['outcome'] as const,
    buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 40, 80, 160],
    registers: [registry],
  });
  return (outcome, seconds) => {
    jobs.inc({ outcome });
    duration.observe({ outcome }, seconds);
  };
}
