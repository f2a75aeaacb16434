import { z } from 'zod';

export const s3InfraSchema = z.object({
  endPoint: z.string().min(1),
  port: z.number().int().positive(),
  useSSL: z.boolean(),
  accessKey: z.string().min(1),
  secretKey: z.string().min(1),
  region: z.string().min(1),
});

/** Addresses of the shared infrastructure of one test run, as handed from globalSetup to test workers. */
export const testInfraSchema = z.object({
  postgres: z.object({ url: z.string().url() }),
  redis: z.object({ url: z.string().url() }),
  kafka: z.object({ brokers: z.array(z.string().min(1)).min(1) }),
  s3: s3InfraSchema,
});

export interface TestInfra {
  /** Superuser URL of the shared server (database "postgres"). */
  postgres: { url: string };
  /** redis://127.0.0.1:PORT */
  redis: { url: string };
  /** The brokers of the shared Kafka (3 with the local mock cluster). */
  kafka: { brokers: string[] };
  s3: { endPoint: string; port: number; useSSL: boolean; accessKey: string; secretKey: string; region: string };
}
