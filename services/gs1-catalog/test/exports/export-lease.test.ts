import { randomUUID } from 'node:crypto';
import {
  exportsRequestedTopic,
  exportsStatusTopic,
  type ExportRequested,
  type ExportStatusEvent,
} from '@waymark/contracts';
import type { Subscription } from '@waymark/events';
import { startKafkaMock, uniqueName, waitFor, type StartedKafkaMock } from '@waymark/testkit';
import { api, newTenant, startGs1Catalog, type Gs1Catalog, type TestTenant } from '../support/gs1-harness';

// No renderer runs here: the test plays the renderers by hand, to see the lease at work. On a Kafka of its own: on the
// run's, the renderers of the export-renderer suites running beside it would take these jobs too and report them.
let kafka: StartedKafkaMock;
let catalog: Gs1Catalog;
let t: TestTenant;
let requests: Subscription;
const handedOut: ExportRequested[] = [];

beforeAll(async () => {
  kafka = await startKafkaMock();
  catalog = await startGs1Catalog(
    {
      EXPORT_STATUS_GROUP: uniqueName('status'),
      EXPORT_PENDING_TIMEOUT: '1500ms',
      EXPORT_RENDERING_LEASE: '1500ms',
      EXPORT_MAX_ATTEMPTS: '2',
      EXPORT_SWEEP_INTERVAL: '200ms',
    },
    undefined,
    kafka.brokers,
  );
  t = await newTenant(catalog);
  requests = await catalog.bus.subscribe({
    topic: exportsRequestedTopic,
    mode: 'group',
    groupId: uniqueName('fake-renderers'),
    async handleBatch(messages) {
      for (const m of messages) if (m.value?.tenantId === t.tenant.id) handedOut.push(m.value);
    },
  });
});

afterAll(async () => {
  await requests?.stop();
  await catalog?.stop();
  await kafka?.stop();
});

function report(job: { jobId: string }, status: ExportStatusEvent['status'], extra: Partial<ExportStatusEvent> = {}) {
  const event = {
    version: 1 as const,
    eventId: randomUUID(),
    jobId: job.jobId,
    tenantId: t.tenant.id,
    status,
    done: 0,
    total: 0,
    at: new Date().toISOString(),
    rendererId: 'hand',
    ...extra,
  };
  return catalog.bus.publish(exportsStatusTopic, [{ key: job.jobId, value: event }]);
}

const getJob = async (jobId: string) => (await api(catalog, t, 'GET', `/v1/gs1/exports/${jobId}`)).body;

test('a job whose renderer goes silent is handed out again, then failed after the last attempt', async () => {
  const { jobId } = (await api(catalog, t, 'POST', '/v1/gs1/exports', {})).body;
  await waitFor(() => handedOut.filter((r) => r.jobId === jobId).length >= 1, {
    timeoutMs: 20_000,
    message: 'the first hand-out',
  });
  await report({ jobId }, 'rendering', { done: 0, total: 0 });
  await waitFor(async () => (await getJob(jobId)).status === 'rendering', { timeoutMs: 20_000, message: 'rendering' });
  // The renderer dies: no more heartbeats. The lease passes and the job is handed out a second time.
  await waitFor(() => handedOut.filter((r) => r.jobId === jobId).length >= 2, {
    timeoutMs: 20_000,
    message: 'the second hand-out',
  });
  await waitFor(async () => (await getJob(jobId)).status === 'failed', {
    timeoutMs: 20_000,
    message: 'failed after two attempts',
  });
  expect((await getJob(jobId)).error).toMatch(/after 2 attempts/);
  await report({ jobId }, 'ready', { count: 0, sizeBytes: 10, objectKey: 'late.zip' });
  await waitFor(async () => (await getJob(jobId)).status === 'failed', {
    timeoutMs: 5_000,
    message: 'a late ready report is ignored',
  });
});

test('progress shows while rendering; ready sets count and size; a job that reports is never handed out again', async () => {
  const { jobId } = (await api(catalog, t, 'POST', '/v1/gs1/exports', {})).body;
  for (let done = 0; done <= 4; done++) {
    await report({ jobId }, 'rendering', { done, total: 8 });
    await waitFor(async () => (await getJob(jobId)).progress?.done === done, {
      timeoutMs: 20_000,
      message: `progress ${done}`,
    });
  }
  const rendering = await getJob(jobId);
  expect(rendering).toMatchObject({ status: 'rendering', progress: { done: 4, total: 8 } });
  expect(rendering.downloadUrl).toBeUndefined();
  await report({ jobId }, 'ready', {
    done: 8,
    total: 8,
    count: 8,
    sizeBytes: 1234,
    objectKey: `exports/${t.tenant.id}/${jobId}/export.zip`,
  });
  await waitFor(async () => (await getJob(jobId)).status === 'ready', { timeoutMs: 20_000, message: 'ready' });
  const ready = await getJob(jobId);
  expect(ready).toMatchObject({ count: 8, sizeBytes: 1234, urlExpiresIn: 604800 });
  expect(ready.finishedAt).not.toBeNull();
  expect(handedOut.filter((r) => r.jobId === jobId)).toHaveLength(1);
});
