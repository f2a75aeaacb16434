import type { Readable } from 'node:stream';
import { Client, type LifecycleConfig } from 'minio';
import { z } from 'zod';
import { ObjectNotFoundError, isMissingKey, isUnsupported } from './object-store-errors';
import {
  objectStoreOptionsSchema,
  type ObjectStoreOptions,
  type ParsedObjectStoreOptions,
} from './object-store-options';
import { withExpiryRule } from './lifecycle-rules';
import { uploadStream } from './multipart-upload';
import type { ObjectStore } from './ports';

const keySchema = z.string().min(1).max(1024);
// SigV4 presigned URLs are valid for at most seven days.
const expirySecondsSchema = z
  .number()
  .int()
  .min(1)
  .max(7 * 24 * 3600);

/** ObjectStore over the minio client: MinIO in production, s3rver in tests and the embedded mode. */
export class MinioObjectStore implements ObjectStore {
  private readonly client: Client;
  private readonly options: ParsedObjectStoreOptions;

  constructor(options: ObjectStoreOptions) {
    this.options = objectStoreOptionsSchema.parse(options);
    const { endPoint, port, useSSL, accessKey, secretKey, region } = this.options;
    this.client = new Client({ endPoint, port, useSSL, accessKey, secretKey, region });
  }

  get bucket(): string {
    return this.options.bucket;
  }

  async ensureBucket(): Promise<void> {
    if (await this.client.bucketExists(this.bucket)) return;
    try {
      await this.client.makeBucket(this.bucket, this.options.region);
    } catch (error) {
      // Another instance created it between our check and our request.
      const code = (error as { code?: string }).code;
      if (code !== 'BucketAlreadyOwnedByYou' && code !== 'BucketAlreadyExists') throw error;
    }
  }

  async putStream(key: string, body: Readable, contentType: string): Promise<{ sizeBytes: number }> {
    const target = {
      client: this.client,
      bucket: this.bucket,
      key: keySchema.parse(key),
      contentType,
      partSizeBytes: this.options.partSizeBytes,
    };
    return { sizeBytes: await uploadStream(target, body) };
  }

  async getStream(key: string): Promise<Readable> {
    try {
      return await this.client.getObject(this.bucket, keySchema.parse(key));
    } catch (error) {
      if (isMissingKey(error)) throw new ObjectNotFoundError(key);
      throw error;
    }
  }

  presignedGetUrl(key: string, expirySeconds: number): Promise<string> {
    return this.client.presignedGetObject(this.bucket, keySchema.parse(key), expirySecondsSchema.parse(expirySeconds));
  }

  /** Removing a missing key succeeds, as in S3. */
  async remove(key: string): Promise<void> {
    await this.client.removeObject(this.bucket, keySchema.parse(key));
  }

  /**
   * Adds (or replaces) a lifecycle rule expiring objects under `prefix` after `days`, keeping the bucket's other
   * rules. MinIO and S3 apply it; s3rver answers NotImplemented, and then this returns false.
   */
  async setExpiry(prefix: string, days: number): Promise<boolean> {
    const validDays = z.number().int().positive().parse(days);
    let current: LifecycleConfig | null;
    try {
      current = await this.client.getBucketLifecycle(this.bucket);
    } catch (error) {
      if (isUnsupported(error)) return false;
      if ((error as { code?: string }).code !== 'NoSuchLifecycleConfiguration') throw error;
      current = null;
    }
    try {
      await this.client.setBucketLifecycle(this.bucket, withExpiryRule(current, prefix, validDays));
      return true;
    } catch (error) {
      if (isUnsupported(error)) return false;
      throw error;
    }
  }

  /** True when the store answers within the timeout and the bucket exists. */
  async healthy(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>(
      (resolve) => (timer = setTimeout(() => resolve(false), this.options.healthTimeoutMs)),
    );
    try {
      return await Promise.race([this.client.bucketExists(this.bucket).catch(() => false), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}
