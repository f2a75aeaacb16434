import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Client } from 'minio';

export interface UploadTarget {
  client: Client;
  bucket: string;
  key: string;
  contentType: string;
  /** Bytes per part (S3 needs at least 5 MiB for every part but the last). */
  partSizeBytes: number;
}

/**
 * Uploads a stream whose length is unknown, holding one part in memory at a time: one PUT when the stream ends
 * within the first part, else an S3 multipart upload that is aborted if the stream or a part fails.
 * We do this ourselves because minio's own unknown-length path first lists incomplete uploads to resume one
 * (GET ?uploads): an extra request per upload, that s3rver does not implement, and the wrong meaning for a new stream.
 */
export async function uploadStream(target: UploadTarget, body: Readable): Promise<number> {
  const { client, bucket, key, contentType } = target;
  const parts = partsOf(body, target.partSizeBytes);
  const first = await parts.next();
  const firstPart = first.done ? Buffer.alloc(0) : first.value;
  const second = first.done ? first : await parts.next();
  if (second.done) {
    await client.putObject(bucket, key, firstPart, firstPart.length, { 'Content-Type': contentType });
    return firstPart.length;
  }
  const uploadId = await client.initiateNewMultipartUpload(bucket, key, { 'Content-Type': contentType });
  try {
    const etags: { part: number; etag: string }[] = [];
    let size = 0;
    const upload = async (payload: Buffer) => {
      const part = etags.length + 1;
      const md5 = createHash('md5').update(payload).digest('base64');
      const headers = { 'Content-Length': payload.length, 'Content-MD5': md5 };
      const { etag } = await client.uploadPart(
        { bucketName: bucket, objectName: key, uploadID: uploadId, partNumber: part, headers },
        payload,
      );
      etags.push({ part, etag });
      size += payload.length;
    };
    await upload(firstPart);
    await upload(second.value);
    for await (const part of parts) await upload(part);
    await client.completeMultipartUpload(bucket, key, uploadId, etags);
    return size;
  } catch (error) {
    // Best effort: S3 and MinIO drop the stored parts; s3rver cannot abort and keeps them in its temp directory.
    await client.abortMultipartUpload(bucket, key, uploadId).catch(() => undefined);
    throw error;
  }
}

/** Re-chunks a byte stream into parts of at least `partSize` bytes (the last may be smaller). */
async function* partsOf(body: Readable, partSize: number): AsyncGenerator<Buffer, void> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const chunk of body) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    pending.push(bytes);
    pendingBytes += bytes.length;
    if (pendingBytes >= partSize) {
      yield Buffer.concat(pending, pendingBytes);
      pending = [];
      pendingBytes = 0;
    }
  }
  if (pendingBytes > 0) yield Buffer.concat(pending, pendingBytes);
}
