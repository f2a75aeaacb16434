import { Client } from 'minio';
import { getTestInfra, startS3, uniqueName } from '../src';
import type { TestInfra } from '../src';

async function putAndGet(s3: TestInfra['s3']): Promise<string> {
  const client = new Client(s3);
  const bucket = uniqueName('testkit');
  await client.makeBucket(bucket, s3.region);
  await client.putObject(bucket, 'dir/hello.txt', Buffer.from('hello s3'), undefined, { 'Content-Type': 'text/plain' });
  const stream = await client.getObject(bucket, 'dir/hello.txt');
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

describe('the shared S3', () => {
  it('stores and returns an object through the minio client', async () => {
    expect(await putAndGet(getTestInfra().s3)).toBe('hello s3');
  });
});

describe('a private S3', () => {
  it('serves objects until stopped', async () => {
    const s3 = await startS3();
    try {
      expect(await putAndGet(s3)).toBe('hello s3');
    } finally {
      await s3.stop();
    }
    await expect(new Client(s3).listBuckets()).rejects.toThrow();
  });
});
