-- Idempotency-Key of POST requests per tenant: the first answer, replayed for 24 h (then swept).
CREATE TABLE "idempotency_key" (
    "tenant_id" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "status" INTEGER,
    "headers" JSONB,
    "body" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "idempotency_key_pkey" PRIMARY KEY ("tenant_id","key")
);

CREATE INDEX "idempotency_key_created_at_idx" ON "idempotency_key"("created_at");
