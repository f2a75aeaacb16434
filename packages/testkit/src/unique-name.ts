import { randomBytes } from 'node:crypto';

let counter = 0;

/**
 * A name unique across test files, workers and runs, safe as a Kafka topic, consumer group,
 * S3 bucket (lowercase letters, digits, hyphens, at most 63 characters) or Redis key prefix.
 */
export function uniqueName(prefix: string): string {
  const clean =
    prefix
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 32) || 'x';
  counter += 1;
  const suffix = `${process.pid.toString(36)}-${counter.toString(36)}-${randomBytes(3).toString('hex')}`;
  return `${clean}-${suffix}`;
}
