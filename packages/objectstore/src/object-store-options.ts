import { z } from 'zod';

/** Connection and bucket of one ObjectStore; parsed from service config, so every field is checked. */
export const objectStoreOptionsSchema = z.object({
  endPoint: z.string().min(1),
  port: z.number().int().min(1).max(65535),
  useSSL: z.boolean(),
  accessKey: z.string().min(1),
  secretKey: z.string().min(1),
  /** Set explicitly so presigning needs no round trip to discover the bucket's region. */
  region: z.string().min(1).default('us-east-1'),
  /** S3 bucket naming rules (lower case, 3..63 characters). */
  bucket: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'an S3 bucket name'),
  /** Multipart part size, held in memory once per upload in progress (S3's minimum is 5 MiB). */
  partSizeBytes: z
    .number()
    .int()
    .min(5 * 1024 * 1024)
    .max(5 * 1024 * 1024 * 1024)
    .default(8 * 1024 * 1024),
  /** healthy() answers false when the store takes longer. */
  healthTimeoutMs: z.number().int().positive().default(2000),
});

export type ObjectStoreOptions = z.input<typeof objectStoreOptionsSchema>;
export type ParsedObjectStoreOptions = z.output<typeof objectStoreOptionsSchema>;
