import { randomUUID } from 'node:crypto';
import { KafkaEventBus } from '@waymark/events';
import { createLogger } from '@waymark/logging';
import { MinioObjectStore } from '@waymark/objectstore';
import { getTestInfra, uniqueName, waitFor } from '@waymark/testkit';
import { loadConfig, startService, type RunningService } from '../../src';
import { requestJob, snapshotRecords, watchStatus } from './job-support';

const logger = createLogger({ service: 'renderer-test', level: 'error' });
const bucket = uniqueName('fair')
  .toLowerCase()
  .replace(/[^a-z0-9-]/g, '-')
  .slice(0, 60);
let bus: KafkaEventBus;
let store: MinioObjectStore;
let renderer: RunningService;

beforeAll(async () => {
  const infra = getTestInfra();
  bus = await KafkaEventBus.connect({ brokers: infra.kafka.brokers, clientId: uniqueName('fair-test'), logger });
  store = new MinioObjectStore({ ...infra.s3, bucket });
  await store.ensureBucket();
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'error',
    RENDER_WORKERS: '2',
    EXPORT_HEARTBEAT: '300ms',
    EXPORT_JOBS_GROUP: uniqueName('renderers'),
  });
  renderer = await startService(config, { logger, bus, objectStore: store });
});

afterAll(async () => {
  await renderer?.stop();
  await bus?.close();
});

// Each of the heavy job's codes is two 200 mm symbols with a 600 dpi PNG copy (about 22 million pixels each, just
// under the per-symbol limit): enough work that the job still holds the render threads when B's job arrives.
const HEAVY = { symbologies: ['qr', 'dm'], formats: ['svg'], sizeMm: 200, raster: 'png600' };
const HEAVY_CODES = 48;
/** How long tenant B's one-code job may take while A's job holds the renderer (it takes well under a second alone). */
const SMALL_JOB_BOUND_MS = 10_000;

test("a small job of tenant B is ready within a bound while tenant A's heavy job renders", async () => {
  const tenantA = randomUUID();
  const tenantB = randomUUID();
  const heavy = await requestJob(bus, store, snapshotRecords(HEAVY_CODES), HEAVY, tenantA);
  const jobs = new Set([heavy.jobId]);
  const { events, subscription } = await watchStatus(bus, jobs);
  try {
    await waitFor(() => events.some((e) => e.jobId === heavy.jobId && e.status === 'rendering' && e.done > 0), {
      timeoutMs: 60_000,
      intervalMs: 100,
      message: 'the heavy job to be rendering',
    });
    const requested = Date.now();
    const small = await requestJob(bus, store, snapshotRecords(1, 'id.small.example'), {}, tenantB);
    jobs.add(small.jobId);
    const ready = await waitFor(() => events.find((e) => e.jobId === small.jobId && e.status === 'ready'), {
      timeoutMs: 120_000,
      intervalMs: 50,
      message: 'the small job to be ready',
    });
    const elapsed = Date.now() - requested;
    expect(ready.count).toBe(1);
    expect(events.some((e) => e.jobId === heavy.jobId && e.status === 'ready')).toBe(false);
    expect(elapsed).toBeLessThan(SMALL_JOB_BOUND_MS);
    const heavyReady = await waitFor(
      () => events.find((e) => e.jobId === heavy.jobId && (e.status === 'ready' || e.status === 'failed')),
      {
        timeoutMs: 180_000,
        intervalMs: 250,
        message: 'the heavy job to finish',
      },
    );
    expect(heavyReady).toMatchObject({ status: 'ready', count: HEAVY_CODES });
  } finally {
    await subscription.stop();
  }
}, 300_000);

test('a job over the render budget that reaches the renderer is failed with the limit in its error, never a crash', async () => {
  // 200 codes, two 211 mm symbols each at 600 dpi: every symbol is within its limit, the job is 2.5 times the budget.
  const options = { symbologies: ['qr', 'dm'], sizeMm: 211, raster: 'png600' };
  const { jobId } = await requestJob(bus, store, snapshotRecords(200), options);
  const { events, subscription } = await watchStatus(bus, new Set([jobId]));
  try {
    const failed = await waitFor(() => events.find((e) => e.status === 'failed' || e.status === 'ready'), {
      timeoutMs: 60_000,
      intervalMs: 100,
      message: 'the over-budget job to be reported',
    });
    expect(failed.status).toBe('failed');
    expect(failed.error).toContain('the limit is 4000000000 raster px per export');
    // The renderer goes on: the next job renders.
    const next = await requestJob(bus, store, snapshotRecords(2), {});
    const { events: after, subscription: watch } = await watchStatus(bus, new Set([next.jobId]));
    try {
      await waitFor(() => after.some((e) => e.status === 'ready'), {
        timeoutMs: 60_000,
        intervalMs: 100,
        message: 'the next job',
      });
    } finally {
      await watch.stop();
    }
  } finally {
    await subscription.stop();
  }
}, 120_000);
