/**
 * Tables a package owns in every service schema that uses it (the outbox of `@waymark/db`, the idempotency keys of
 * `@waymark/http`). The runner applies each one before the service's own migrations, on every start, so the SQL must
 * be idempotent (`IF NOT EXISTS`, `CREATE OR REPLACE`) and changes to it additive.
 */
export interface SharedDdl {
  /** Who owns it, for logs and errors: `@waymark/db outbox`. */
  name: string;
  sql: string;
}
