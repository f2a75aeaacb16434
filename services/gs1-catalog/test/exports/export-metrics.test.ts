import { uniqueName, waitFor } from '@waymark/testkit';
import { api, newTenant, startGs1Catalog, type Gs1Catalog, type TestTenant } from '../support/gs1-harness';
import { gtin13 } from '../support/gtins';
import { startRenderer } from '../support/renderer-harness';

let catalog: Gs1Catalog;
let renderer: Awaited<ReturnType<typeof startRenderer>> | undefined;
let t: TestTenant;

beforeAll(async () => {
  catalog = await startGs1Catalog({ EXPORT_STATUS_GROUP: uniqueName('status') });
  t = await newTenant(catalog);
  const records = Array.from({ length: 3 }, (_, i) => ({
    gtin: gtin13(900 + i),
    destination: 'https://brand.example.com/p',
  }));
  expect((await api(catalog, t, 'POST', '/v1/gs1/links/bulk', { records })).body.created).toBe(3);
});
afterAll(async () => {
  await renderer?.stop();
  await catalog?.stop();
});

function value(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (Object.entries(labels).every(([key, v]) => line.includes(`${key}="${v}"`)))
      return Number(line.split(' ').pop());
  }
  return undefined;
}
const scrape = async (url: string) => (await fetch(`${url}/metrics`)).text();

test('the export queue shows a waiting job until a renderer takes it; the renderer counts and times the render', async () => {
  const created = await api(catalog, t, 'POST', '/v1/gs1/exports', { name: 'metrics-run', formats: ['svg'] });
  expect(created.status).toBe(202);
  const queued = await scrape(catalog.url);
  expect(value(queued, 'export_jobs_unfinished', { status: 'pending' })).toBe(1);
  expect(value(queued, 'export_oldest_unfinished_job_age_seconds')).toBeGreaterThanOrEqual(0);
  expect(value(queued, 'outbox_published_events_total')).toBeGreaterThanOrEqual(1);

  renderer = await startRenderer(catalog.objectStore, uniqueName('renderers'));
  const rendererUrl = `http://127.0.0.1:${renderer.service.port}`;
  await waitFor(
    async () => (await api(catalog, t, 'GET', `/v1/gs1/exports/${created.body.jobId}`)).body.status === 'ready',
    {
      timeoutMs: 60_000,
      message: 'the export to be ready',
    },
  );
  const rendered = await scrape(rendererUrl);
  expect(value(rendered, 'export_renders_total', { outcome: 'ready' })).toBe(1);
  expect(value(rendered, 'export_render_duration_seconds_count', { outcome: 'ready' })).toBe(1);
  expect(value(rendered, 'export_render_duration_seconds_sum', { outcome: 'ready' })).toBeGreaterThan(0);
  // The topic is shared by every test of the run, and a new renderer group reads it from its start: at least this job.
  expect(value(rendered, 'event_messages_handled_total', { topic: 'exports.requested.v1' })).toBeGreaterThanOrEqual(1);

  const drained = await scrape(catalog.url);
  expect(value(drained, 'export_jobs_unfinished', { status: 'pending' })).toBe(0);
  expect(value(drained, 'export_jobs_unfinished', { status: 'rendering' })).toBe(0);
  expect(value(drained, 'export_oldest_unfinished_job_age_seconds')).toBe(0);
});
