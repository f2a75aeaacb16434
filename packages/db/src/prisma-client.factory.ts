import { PrismaPg } from '@prisma/adapter-pg';
import { poolConfig, type DatabaseTarget } from './pg/pool-config';
import { parseSchemaName } from './pg/schema-name';

export interface PrismaClientOptions extends DatabaseTarget {
  /** Pool size; pg's default (10) when omitted. */
  poolMax?: number;
}

/** The constructor of a service's generated client (`src/generated/prisma/client`), which only needs an adapter. */
export type PrismaClientClass<C> = new (options: { adapter: PrismaPg }) => C;

/**
 * Builds a service's generated PrismaClient on the pg driver adapter (no engine binary), bound to the service's schema:
 * Prisma qualifies model tables with it and raw SQL resolves through `search_path`.
 */
export function createPrismaClient<C>(Client: PrismaClientClass<C>, options: PrismaClientOptions): C {
  const schema = parseSchemaName(options.schema);
  const adapter = new PrismaPg(poolConfig(options, options.poolMax), { schema });
  return new Client({ adapter });
}
