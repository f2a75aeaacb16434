-- outbox and processed_events: OUTBOX_DDL of @waymark/db, applied by runMigrations before the migrations.

-- identity: plans, tenants, domains, API keys (link-api owns them; other services learn them from identity.v1)
CREATE TABLE "plan" (
    "name" TEXT NOT NULL,
    "rate_limit_per_minute" INTEGER NOT NULL,
    "burst" INTEGER NOT NULL,
    "bulk_row_cap" INTEGER NOT NULL,
    "exports_per_hour" INTEGER NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "plan_pkey" PRIMARY KEY ("name")
);

CREATE TABLE "tenant" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "plan_name" TEXT NOT NULL,
    "entitlements" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "default_domain" TEXT,
    "branding" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "tenant_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "domain" (
    "name" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "verified" BOOLEAN NOT NULL DEFAULT false,
    "verification_token" TEXT NOT NULL,
    "verified_at" TIMESTAMPTZ(3),
    "verified_by" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "domain_pkey" PRIMARY KEY ("name")
);

CREATE TABLE "api_key" (
    "id" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "display_prefix" TEXT NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "scopes" TEXT[],
    "expires_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),
    "last_used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "api_key_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "domain_tenant_id_idx" ON "domain"("tenant_id");
CREATE UNIQUE INDEX "api_key_hash_key" ON "api_key"("hash");
CREATE INDEX "api_key_tenant_id_idx" ON "api_key"("tenant_id");

ALTER TABLE "tenant" ADD CONSTRAINT "tenant_plan_name_fkey" FOREIGN KEY ("plan_name") REFERENCES "plan"("name") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "domain" ADD CONSTRAINT "domain_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "api_key" ADD CONSTRAINT "api_key_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
