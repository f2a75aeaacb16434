/**
 * The table of `PgIdempotencyStore`, declared here only: a service that takes `Idempotency-Key` passes it to
 * `runMigrations({ sharedDdl })` of `@waymark/db`, which creates it in the service's schema before its migrations.
 * Idempotent, because databases migrated before it moved here already have it; a change must be additive.
 * The shape is `SharedDdl` of `@waymark/db` (this package does not depend on it).
 */
export const IDEMPOTENCY_KEY_DDL = {
  name: '@waymark/http idempotency_key',
  sql: `
-- Idempotency-Key of POST requests per tenant: the first answer, replayed for 24 h (then swept).
CREATE TABLE IF NOT EXISTS "idempotency_key" (
    "tenant_id" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "status" INTEGER,
    "headers" JSONB,
    "body" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "idempotency_key_pkey" PRIMARY KEY ("tenant_id","key")
);
CREATE INDEX IF NOT EXISTS "idempotency_key_created_at_idx" ON "idempotency_key"("created_at");
`,
} as const;
