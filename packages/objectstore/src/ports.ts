import type { Readable } from 'node:stream';

/** S3-compatible object store: the minio client against MinIO in production and s3rver here. */
export interface ObjectStore {
  /** Creates the bucket when missing; idempotent. */
  ensureBucket(): Promise<void>;
  /** Streams an object of unknown length (multipart) and returns its stored size in bytes. */
  putStream(key: string, body: Readable, contentType: string): Promise<{ sizeBytes: number }>;
  getStream(key: string): Promise<Readable>;
  /** A GET URL valid for expirySeconds, signed with the store's credentials. */
  presignedGetUrl(key: string, expirySeconds: number): Promise<string>;
  remove(key: string): Promise<void>;
  /** Objects under prefix expire after `days` (bucket lifecycle rule); false when the server does not support it. */
  setExpiry(prefix: string, days: number): Promise<boolean>;
  healthy(): Promise<boolean>;
}
