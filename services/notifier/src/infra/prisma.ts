import { createPrismaClient } from '@waymark/db';
import { PrismaClient } from '../generated/prisma/client';

export type { PrismaClient };
export type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];

/** The notifier's tables live in this PostgreSQL schema, in production and in the embedded database alike. */
export const NOTIFIER_SCHEMA = 'notifier';

export function createNotifierPrisma(databaseUrl: string, poolMax = 10): PrismaClient {
  return createPrismaClient(PrismaClient, { databaseUrl, schema: NOTIFIER_SCHEMA, poolMax });
}
