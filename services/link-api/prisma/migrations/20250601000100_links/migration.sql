-- Links and the channels learned from channels.v1 (src/links). The outbox comes with the identity migration.
CREATE TABLE "link" (
    "id"              TEXT NOT NULL,
    "seq"             BIGSERIAL NOT NULL,
    "tenant_id"       TEXT NOT NULL,
    "domain"          TEXT NOT NULL,
    "code"            TEXT NOT NULL,
    "destination"     TEXT NOT NULL,
    "status"          TEXT NOT NULL,
    "title"           TEXT NOT NULL DEFAULT '',
    "tags"            JSONB NOT NULL DEFAULT '{}',
    "expires_at"      TIMESTAMPTZ(3),
    "last_click_at"   TIMESTAMPTZ(3),
    "notify_channels" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "created_at"      TIMESTAMPTZ(3) NOT NULL,
    "updated_at"      TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "link_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "link_status_check" CHECK ("status" IN ('active', 'disabled'))
);
CREATE UNIQUE INDEX "link_seq_key" ON "link"("seq");
CREATE UNIQUE INDEX "link_domain_code_key" ON "link"("domain", "code");
CREATE INDEX "link_tenant_id_seq_idx" ON "link"("tenant_id", "seq");

CREATE TABLE "channel" (
    "id"         TEXT NOT NULL,
    "tenant_id"  TEXT NOT NULL,
    "type"       TEXT NOT NULL,
    "enabled"    BOOLEAN NOT NULL,
    "confirmed"  BOOLEAN NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "channel_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "channel_tenant_id_idx" ON "channel"("tenant_id");
