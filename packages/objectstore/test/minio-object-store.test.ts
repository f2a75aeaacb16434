import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { getTestInfra, startS3, uniqueName, waitFor } from '@waymark/testkit';
import { MinioObjectStore, ObjectNotFoundError } from '../src';

const MiB = 1024 * 1024;

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A stream that does not know its length up front, as an export renderer's ZIP writer. */
function streamOf(data: Buffer, chunkBytes = 64 * 1024): Readable {
  return Readable.from(
    (function* () {
      for (let at = 0; at < data.length; at += chunkBytes) yield data.subarray(at, at + chunkBytes);
    })(),
  );
}

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe('MinioObjectStore against s3rver', () => {
  let store: MinioObjectStore;

  beforeAll(async () => {
    store = new MinioObjectStore({ ...getTestInfra().s3, bucket: uniqueName('artifacts'), partSizeBytes: 5 * MiB });
    await store.ensureBucket();
  });

  it('creates its bucket once, however many instances ask at the same time', async () => {
    const bucket = uniqueName('shared-bucket');
    const instances = [1, 2, 3].map(() => new MinioObjectStore({ ...getTestInfra().s3, bucket }));
    await Promise.all(instances.map((instance) => instance.ensureBucket()));
    await instances[0]?.ensureBucket();
    expect(await instances[1]?.healthy()).toBe(true);
  });

  it('stores a stream of unknown length in parts and gives back the same bytes', async () => {
    const data = randomBytes(11 * MiB + 123);
    const { sizeBytes } = await store.putStream('exports/job-1/artwork.zip', streamOf(data), 'application/zip');
    expect(sizeBytes).toBe(data.length);
    const back = await readAll(await store.getStream('exports/job-1/artwork.zip'));
    expect(back.length).toBe(data.length);
    expect(sha(back)).toBe(sha(data));
  });

  it('fails the upload when the source stream fails, instead of storing part of it', async () => {
    const failing = new Readable({ read() {} });
    failing.push(randomBytes(1024));
    setImmediate(() => failing.destroy(new Error('renderer crashed')));
    await expect(store.putStream('exports/broken.zip', failing, 'application/zip')).rejects.toThrow();
    await expect(store.getStream('exports/broken.zip')).rejects.toBeInstanceOf(ObjectNotFoundError);
  });

  it('hands out a presigned URL that downloads the object, and stops working after its expiry', async () => {
    const data = Buffer.from('print-ready artwork');
    await store.putStream('exports/job-2/sheet.pdf', streamOf(data), 'application/pdf');
    const url = await store.presignedGetUrl('exports/job-2/sheet.pdf', 2);

    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await response.arrayBuffer()).toString()).toBe('print-ready artwork');

    const refused = await waitFor(
      async () => {
        const later = await fetch(url);
        return later.status === 403 ? later : undefined;
      },
      { timeoutMs: 10_000, intervalMs: 250, message: 'the presigned URL to expire' },
    );
    expect(await refused.text()).toMatch(/expired/i);
  });

  it('removes objects; removing a missing one is fine and reading it says not found', async () => {
    await store.putStream('tmp/gone.txt', streamOf(Buffer.from('x')), 'text/plain');
    await store.remove('tmp/gone.txt');
    await store.remove('tmp/gone.txt');
    await expect(store.getStream('tmp/gone.txt')).rejects.toBeInstanceOf(ObjectNotFoundError);
  });

  it('reports that s3rver cannot expire objects by lifecycle rule (MinIO can)', async () => {
    expect(await store.setExpiry('exports/', 7)).toBe(false);
  });

  it('is healthy while the server answers and its bucket exists, and unhealthy otherwise', async () => {
    const server = await startS3();
    const own = new MinioObjectStore({ ...server, bucket: uniqueName('health'), healthTimeoutMs: 500 });
    try {
      expect(await own.healthy()).toBe(false);
      await own.ensureBucket();
      expect(await own.healthy()).toBe(true);
    } finally {
      await server.stop();
    }
    expect(await own.healthy()).toBe(false);
  });
});
