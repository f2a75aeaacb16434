import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { MinioObjectStore } from '@waymark/objectstore';
import { freePort } from '@waymark/testkit';
import { startEmbeddedObjectStoreServer, type EmbeddedObjectStoreServer } from '../src/embedded-object-store-server';

const WEEK_S = 7 * 24 * 3600;
let dir: string;
let server: EmbeddedObjectStoreServer;
let store: MinioObjectStore;
/** How far the server's clock runs ahead of the real one (the client signs with the real clock). */
let aheadMs = 0;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'waymark-objects-'));
  const clock = () => new Date(Date.now() + aheadMs);
  server = await startEmbeddedObjectStoreServer(dir, await freePort(), {
    secretKey: 'a-secret-of-this-installation',
    clock,
  });
  store = new MinioObjectStore({ ...server, useSSL: false, bucket: 'waymark' });
  await store.ensureBucket();
  await store.putStream('exports/tenant-a/job-1/a.zip', Readable.from([Buffer.from('zip bytes')]), 'application/zip');
});

afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const base = () => `http://${server.endPoint}:${server.port}`;

describe('the embedded object store checks signatures (s3rver does not)', () => {
  it('serves Waymark itself through the minio client, and a presigned URL (the production path) within its expiry', async () => {
    expect(await text(await store.getStream('exports/tenant-a/job-1/a.zip'))).toBe('zip bytes');
    const url = await store.presignedGetUrl('exports/tenant-a/job-1/a.zip', WEEK_S);
    const download = await fetch(url);
    expect(download.status).toBe(200);
    expect(await download.text()).toBe('zip bytes');
    await store.remove('exports/tenant-a/job-1/none.zip');
    expect(await store.healthy()).toBe(true);
  });

  it('takes a multipart upload and lifecycle rules through the check, as export-renderer and gs1-catalog send them', async () => {
    const part = Buffer.alloc(5 * 1024 * 1024, 1);
    const { sizeBytes } = await store.putStream(
      'exports/tenant-a/job-1/big.zip',
      Readable.from([part, part, Buffer.from('end')]),
      'application/zip',
    );
    expect(sizeBytes).toBe(2 * part.length + 3);
    await store.setExpiry('exports/', 30);
    await store.remove('exports/tenant-a/job-1/big.zip');
  });

  it('refuses an unsigned request, an anonymous listing and a presigned URL without its query string', async () => {
    for (const path of ['/waymark/exports/tenant-a/job-1/a.zip', '/waymark?list-type=2', '/waymark', '/']) {
      const reply = await fetch(`${base()}${path}`);
      expect({ path, status: reply.status }).toEqual({ path, status: 403 });
      expect(await reply.text()).toMatch(/AccessDenied/);
    }
  });

  it('refuses a presigned URL whose signature, key, expiry or object was changed', async () => {
    const url = new URL(await store.presignedGetUrl('exports/tenant-a/job-1/a.zip', 60));
    const tampered = (change: (u: URL) => void) => {
      const copy = new URL(url);
      change(copy);
      return copy.href;
    };
    const variants = [
      tampered((u) => u.searchParams.set('X-Amz-Signature', '0'.repeat(64))),
      tampered((u) => u.searchParams.set('X-Amz-Expires', String(WEEK_S))),
      tampered((u) => (u.pathname = '/waymark/exports/tenant-b/job-2/b.zip')),
      tampered((u) =>
        u.searchParams.set(
          'X-Amz-Credential',
          u.searchParams.get('X-Amz-Credential')!.replace('waymark-embedded', 'other'),
        ),
      ),
    ];
    for (const variant of variants) expect((await fetch(variant)).status).toBe(403);
  });

  it('refuses a presigned URL once it expired, and one signed with another secret', async () => {
    const url = await store.presignedGetUrl('exports/tenant-a/job-1/a.zip', 60);
    expect((await fetch(url)).status).toBe(200);
    aheadMs = 61_000;
    expect((await fetch(url)).status).toBe(403);
    const stranger = new MinioObjectStore({ ...server, secretKey: 'guessed', useSSL: false, bucket: 'waymark' });
    expect((await fetch(await stranger.presignedGetUrl('exports/tenant-a/job-1/a.zip', 60))).status).toBe(403);
    await expect(stranger.getStream('exports/tenant-a/job-1/a.zip')).rejects.toThrow();
    aheadMs = 0;
  });
});
