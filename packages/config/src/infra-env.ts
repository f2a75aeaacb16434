import { z } from 'zod';
import { brokerList, duration, url } from './fields';

/**
 * Connection settings of the production adapters, shared by every service's main.ts. A service's own config.ts holds
 * only its own settings, so the embedded runner (which injects in-process adapters) never invents Kafka or Redis
 * addresses; main.ts parses `serviceSchema.extend({ ...kafkaEnv, ... })` once so every bad variable is listed together.
 */
export const kafkaEnv = {
  KAFKA_BROKERS: brokerList(),
  KAFKA_CLIENT_ID: z.string().min(1).optional(),
  /**
   * How long a consumer group member may go unheard before the broker hands its partitions to the others; heartbeats
   * go every tenth of it. Kafka brokers accept 6 s to 5 min unless configured otherwise (group.min/max.session.timeout.ms).
   */
  KAFKA_SESSION_TIMEOUT: duration()
    .refine((ms) => ms >= 6_000 && ms <= 300_000, 'must be between 6s and 5m (what Kafka brokers accept by default)')
    .default(30_000),
};

export const databaseEnv = {
  DATABASE_URL: url(['postgres', 'postgresql']),
};

export const redisEnv = {
  REDIS_URL: url(['redis', 'rediss']),
};

export const objectStoreEnv = {
  S3_ENDPOINT: url(['http', 'https']),
  S3_ACCESS_KEY: z.string().min(1),
  S3_SECRET_KEY: z.string().min(1),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a valid S3 bucket name')
    .default('waymark'),
  S3_REGION: z.string().min(1).default('us-east-1'),
};
