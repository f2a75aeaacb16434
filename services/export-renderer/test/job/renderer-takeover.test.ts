import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { KafkaEventBus } from '@waymark/events';
import { createLogger } from '@waymark/logging';
import { MinioObjectStore } from '@waymark/objectstore';
import { getTestInfra, uniqueName, waitFor } from '@waymark/testkit';
import { loadConfig, startService, type RunningService } from '../../src';
import { requestJob, snapshotRecords, watchStatus } from './job-support';

const RUN_TS = require.resolve('@waymark/runtime/run-ts');
const logger = createLogger({ service: 'renderer-test', level: 'error' });
const group = uniqueName('renderers');
const bucket = uniqueName('render')
  .toLowerCase()
  .replace(/[^a-z0-9-]/g, '-')
  .slice(0, 60);
let bus: KafkaEventBus;
let store: MinioObjectStore;
let child: ChildProcess | undefined;
let survivor: RunningService | undefined;

beforeAll(async () => {
  const infra = getTestInfra();
  bus = await KafkaEventBus.connect({ brokers: infra.kafka.brokers, clientId: uniqueName('renderer-test'), logger });
  store = new MinioObjectStore({ ...infra.s3, bucket });
  await store.ensureBucket();
});

afterAll(async () => {
  child?.kill('SIGKILL');
  await survivor?.stop();
  await bus?.close();
});

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

test('a renderer killed mid-job leaves the job to another, which finishes it', async () => {
  const infra = getTestInfra();
  let output = '';
  child = spawn(process.execPath, [RUN_TS, path.join(__dirname, 'fixtures', 'renderer.child.ts')], {
    env: {
      ...process.env,
      BROKERS: infra.kafka.brokers.join(','),
      GROUP: group,
      S3: JSON.stringify(infra.s3),
      BUCKET: bucket,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (c) => (output += c));
  child.stderr!.on('data', (c) => (output += c));
  await waitFor(() => output.includes('ready\n'), {
    timeoutMs: 30_000,
    message: `the doomed renderer to start: ${output}`,
  });

  // Large enough that the doomed renderer (one worker thread) is still rendering when it is killed: rendering got
  // fast enough that a small job could finish between the progress report and the kill.
  const CODES = 2000;
  const records = snapshotRecords(CODES);
  const { jobId } = await requestJob(bus, store, records, {
    symbologies: ['qr', 'dm'],
    formats: ['svg', 'pdf', 'eps'],
  });
  const { events, subscription } = await watchStatus(bus, new Set([jobId]));
  try {
    await waitFor(() => events.some((e) => e.rendererId === 'doomed' && e.status === 'rendering' && e.done > 0), {
      timeoutMs: 60_000,
      message: 'the doomed renderer to be mid-job',
    });
    child.kill('SIGKILL');
    await new Promise((resolve) => child!.once('exit', resolve));
    expect(events.some((e) => e.status === 'ready')).toBe(false);
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      RENDER_WORKERS: '2',
      EXPORT_HEARTBEAT: '300ms',
      EXPORT_JOBS_GROUP: group,
      RENDERER_ID: 'survivor',
    });
    survivor = await startService(config, { logger, bus, objectStore: store });
    await waitFor(() => events.some((e) => e.status === 'ready'), {
      timeoutMs: 90_000,
      intervalMs: 250,
      message: 'the survivor to finish the job',
    });
    const ready = events.find((e) => e.status === 'ready')!;
    expect(ready).toMatchObject({ rendererId: 'survivor', count: CODES });
    expect(events.some((e) => e.status === 'failed')).toBe(false);
    const zip = unzipSync(await readAll(await store.getStream(ready.objectKey!)));
    expect(Buffer.from(zip['manifest.csv']!).toString('utf8').trim().split('\n')).toHaveLength(CODES + 1);
    expect(zip['01_09506000134352_10_LOT399.dm.eps']).toBeDefined();
  } finally {
    await subscription.stop();
  }
}, 180_000);
