/**
 * The table of `PgIdempotencyStore`, declared here only: a service that takes `Idempotency-Key` passes it to
 * `runMigrations({ sharedDdl })` of `@waymark/db`, which creates it in the service's schema before its migrations.
 * Idempotent, because databases migrated before it moved here already have it; a change must be additive.
 * The shape is `SharedDdl` of `@waymark/db` (this package does not depend on it).
 */
export const IDEMPOTENCY_KEY_DDL = {
  name: '@waymark/http idempotency_key',
  sql: `
-- Idempotency-Key of POST requests per tenant: the first answer, replayed for 24 h (then swept) to the API key
-- that made the request (credential_id, a SHA-256 of the key), sealed with a key derived from it (sealed_response).
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
ALTER TABLE "idempotency_key" ADD COLUMN IF NOT EXISTS "credential_id" TEXT;
ALTER TABLE "idempotency_key" ADD COLUMN IF NOT EXISTS "sealed_response" TEXT;
-- Earlier versions kept answers in clear (headers, body): gone at the first start; their keys replay to no one.
UPDATE "idempotency_key" SET "headers" = NULL, "body" = NULL WHERE "headers" IS NOT NULL OR "body" IS NOT NULL;
`,
} as const;
