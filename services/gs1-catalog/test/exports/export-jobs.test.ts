import { parse } from 'csv-parse/sync';
import { unzipSync } from 'fflate';
import { uniqueName, waitFor } from '@waymark/testkit';
import { api, newTenant, startGs1Catalog, type Gs1Catalog, type TestTenant } from '../support/gs1-harness';
import { gtin13 } from '../support/gtins';
import { startRenderer } from '../support/renderer-harness';

let catalog: Gs1Catalog;
let renderer: Awaited<ReturnType<typeof startRenderer>>;
let t: TestTenant;

beforeAll(async () => {
  catalog = await startGs1Catalog({ EXPORT_STATUS_GROUP: uniqueName('status') });
  renderer = await startRenderer(catalog.objectStore, uniqueName('renderers'));
  t = await newTenant(catalog);
  const records = Array.from({ length: 30 }, (_, i) => ({
    gtin: gtin13(500 + i),
    batch: `L${i}`,
    destination: 'https://brand.example.com/p',
    tags: i < 12 ? ['print'] : ['web'],
  }));
  expect((await api(catalog, t, 'POST', '/v1/gs1/links/bulk', { records })).body.created).toBe(30);
});

afterAll(async () => {
  await renderer?.stop();
  await catalog?.stop();
});

async function untilFinished(jobId: string) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- asserted field by field
  let job: any;
  await waitFor(
    async () => {
      job = (await api(catalog, t, 'GET', `/v1/gs1/exports/${jobId}`)).body;
      return job.status === 'ready' || job.status === 'failed';
    },
    { timeoutMs: 60_000, intervalMs: 200, message: `export ${jobId} to finish` },
  );
  return job;
}

test('a bad option is a 400 naming it', async () => {
  for (const [body, field] of [
    [{ bleedMm: 11 }, 'bleedMm'],
    [{ ink: 'spot' }, 'spotName'],
    [{ formats: ['svg', 'gif'] }, 'formats'],
    [{ sizeMm: 0 }, 'sizeMm'],
    [{ symbologies: [] }, 'symbologies'],
  ] as const) {
    const response = await api(catalog, t, 'POST', '/v1/gs1/exports', body);
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain(field);
  }
});

test('an export goes pending, rendering, ready; its zip downloads from a fresh presigned URL; DELETE removes both', async () => {
  const created = await api(catalog, t, 'POST', '/v1/gs1/exports', {
    name: 'print-run',
    tags: ['print'],
    symbologies: ['qr', 'dm'],
    formats: ['svg', 'pdf'],
  });
  expect(created.status).toBe(202);
  expect(created.body).toMatchObject({ name: 'print-run', status: 'pending' });
  expect(created.headers.get('location')).toBe(`/v1/gs1/exports/${created.body.jobId}`);
  const job = await untilFinished(created.body.jobId);
  expect(job).toMatchObject({
    status: 'ready',
    count: 12,
    truncated: false,
    error: null,
    urlExpiresIn: 604800,
    progress: { done: 12, total: 12 },
  });
  expect(job.options).toMatchObject({ symbologies: ['qr', 'dm'], formats: ['svg', 'pdf'], ec: 'H', sizeMm: 25 });
  const zip = Buffer.from(await (await fetch(job.downloadUrl)).arrayBuffer());
  expect(zip.length).toBe(job.sizeBytes);
  const entries = unzipSync(zip);
  const manifest = parse(Buffer.from(entries['manifest.csv']!).toString('utf8'), { columns: true }) as {
    code: string;
    checks: string;
  }[];
  expect(manifest).toHaveLength(12);
  console.log(manifest.map((r) => r.checks).join('\n'));
  const first = manifest[0]!.code.replace(/\//g, '_');
  for (const suffix of ['.svg', '.pdf', '.dm.svg', '.dm.pdf']) expect(entries[`${first}${suffix}`]).toBeDefined();
  const again = (await api(catalog, t, 'GET', `/v1/gs1/exports/${job.jobId}`)).body;
  expect(again.downloadUrl).toBeDefined();
  const list = await api(catalog, t, 'GET', '/v1/gs1/exports');
  expect(list.body.jobs.map((j: { jobId: string }) => j.jobId)).toContain(job.jobId);

  expect((await api(catalog, t, 'DELETE', `/v1/gs1/exports/${job.jobId}`)).status).toBe(204);
  expect((await api(catalog, t, 'GET', `/v1/gs1/exports/${job.jobId}`)).status).toBe(404);
  expect((await fetch(job.downloadUrl)).status).toBe(404);
});

test('an export of everything takes every record; an empty selection still produces a zip with its manifest', async () => {
  const all = await untilFinished((await api(catalog, t, 'POST', '/v1/gs1/exports', {})).body.jobId);
  expect(all).toMatchObject({ status: 'ready', count: 30 });
  const none = await untilFinished(
    (await api(catalog, t, 'POST', '/v1/gs1/exports', { query: 'no-such-thing' })).body.jobId,
  );
  expect(none).toMatchObject({ status: 'ready', count: 0 });
});

test('the plan bounds exports per hour: 429 with Retry-After', async () => {
  const limited = await newTenant(catalog, { plan: { exportsPerHour: 1 } });
  expect((await api(catalog, limited, 'POST', '/v1/gs1/exports', {})).status).toBe(202);
  const refused = await api(catalog, limited, 'POST', '/v1/gs1/exports', {});
  expect(refused.status).toBe(429);
  expect(refused.body.code).toBe('rate_limited');
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
});

test('the job list pages newest first with a cursor, and refuses a cursor it did not issue', async () => {
  const paged = await newTenant(catalog, { plan: { exportsPerHour: 20 } });
  const created: string[] = [];
  for (let i = 0; i < 5; i++)
    created.push(
      (await api(catalog, paged, 'POST', '/v1/gs1/exports', { name: `page-${i}`, query: 'no-such-thing' })).body.jobId,
    );
  const seen: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page: { status: number; body: { jobs: { jobId: string }[]; nextCursor: string | null } } = await api(
      catalog,
      paged,
      'GET',
      `/v1/gs1/exports?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
    );
    expect(page.status).toBe(200);
    seen.push(...page.body.jobs.map((j) => j.jobId));
    cursor = page.body.nextCursor;
    pages += 1;
  } while (cursor !== null);
  expect({ pages, seen }).toEqual({ pages: 3, seen: [...created].reverse() });
  expect((await api(catalog, paged, 'GET', '/v1/gs1/exports?cursor=bm9wZQ')).body.code).toBe('validation_failed');
  expect((await api(catalog, paged, 'GET', '/v1/gs1/exports?limit=0')).status).toBe(400);
});

test('a repeated Idempotency-Key starts one export job and replays its 202', async () => {
  const post = () =>
    fetch(`${catalog.url}/v1/gs1/exports`, {
      method: 'POST',
      headers: { 'x-api-key': t.key, 'content-type': 'application/json', 'idempotency-key': 'export-once' },
      body: JSON.stringify({ name: 'once', query: 'no-such-thing' }),
    });
  const first = await post();
  const again = await post();
  expect([first.status, again.status]).toEqual([202, 202]);
  expect(again.headers.get('idempotent-replayed')).toBe('true');
  const [a, b] = [(await first.json()) as { jobId: string }, (await again.json()) as { jobId: string }];
  expect(b.jobId).toBe(a.jobId);
  const jobs = (await api(catalog, t, 'GET', '/v1/gs1/exports')).body.jobs as { name: string }[];
  expect(jobs.filter((j) => j.name === 'once')).toHaveLength(1);
});
