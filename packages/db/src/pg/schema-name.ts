import { z } from 'zod';

/**
 * A service's Postgres schema name (`link_api`). Restricted to lower-case identifiers so it can be interpolated
 * into SQL and into `search_path` without quoting surprises, and to 63 bytes (Postgres' identifier limit).
 */
export const schemaNameSchema = z
  .string()
  .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'a Postgres schema name: lower-case letters, digits and _, at most 63 characters');

export function parseSchemaName(schema: string): string {
  return schemaNameSchema.parse(schema);
}

/** Double-quotes an identifier for SQL text. */
export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
