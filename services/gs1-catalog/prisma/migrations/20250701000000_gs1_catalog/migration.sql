-- outbox and processed_events: OUTBOX_DDL of @waymark/db, applied by runMigrations before the migrations.

-- GS1 Digital Links (spec 2.5): code is the derived path; tags filter views and exports (GIN for @>).
CREATE TABLE "gs1_link" (
    "id"          TEXT PRIMARY KEY,
    "seq"         BIGSERIAL NOT NULL UNIQUE,
    "tenant_id"   TEXT NOT NULL,
    "domain"      TEXT NOT NULL,
    "code"        TEXT NOT NULL,
    "gtin"        TEXT NOT NULL,
    "cpv"         TEXT,
    "batch"       TEXT,
    "serial"      TEXT,
    "expiry"      TEXT,
    "destination" TEXT,
    "linkset"     JSONB NOT NULL DEFAULT '[]',
    "ai"          JSONB NOT NULL DEFAULT '{}',
    "tags"        TEXT[] NOT NULL DEFAULT '{}',
    "created_at"  TIMESTAMPTZ(3) NOT NULL,
    "updated_at"  TIMESTAMPTZ(3) NOT NULL
);
CREATE UNIQUE INDEX "gs1_link_domain_code_key" ON "gs1_link" ("domain", "code");
CREATE INDEX "gs1_link_tenant_id_seq_idx" ON "gs1_link" ("tenant_id", "seq");
CREATE INDEX "gs1_link_tags_idx" ON "gs1_link" USING GIN ("tags");

-- Export jobs (spec 2.7, 3.2) with the lease renderers extend and the sweeper enforces.
CREATE TABLE "export_job" (
    "id"             TEXT PRIMARY KEY,
    "tenant_id"      TEXT NOT NULL,
    "name"           TEXT NOT NULL,
    "status"         TEXT NOT NULL,
    "options"        JSONB NOT NULL,
    "snapshot_key"   TEXT NOT NULL,
    "object_key"     TEXT,
    "selected"       INTEGER NOT NULL,
    "count"          INTEGER,
    "size_bytes"     BIGINT,
    "truncated"      BOOLEAN NOT NULL,
    "error"          TEXT,
    "progress_done"  INTEGER,
    "progress_total" INTEGER,
    "attempts"       INTEGER NOT NULL DEFAULT 1,
    "lease_until"    TIMESTAMPTZ(3) NOT NULL,
    "renderer_id"    TEXT,
    "created_at"     TIMESTAMPTZ(3) NOT NULL,
    "finished_at"    TIMESTAMPTZ(3)
);
CREATE INDEX "export_job_tenant_id_created_at_idx" ON "export_job" ("tenant_id", "created_at");
CREATE INDEX "export_job_status_lease_until_idx" ON "export_job" ("status", "lease_until");
CREATE INDEX "export_job_created_at_idx" ON "export_job" ("created_at");
