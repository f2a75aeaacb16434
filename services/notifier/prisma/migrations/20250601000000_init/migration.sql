-- outbox and processed_events: OUTBOX_DDL of @waymark/db, applied by runMigrations before the migrations.

-- Channels: webhook-class URLs or an email address in "config"; the signing secret only encrypted (AES-256-GCM).
CREATE TABLE "channel" (
    "id"                TEXT PRIMARY KEY,
    "tenant_id"         TEXT NOT NULL,
    "type"              TEXT NOT NULL,
    "name"              TEXT NOT NULL,
    "enabled"           BOOLEAN NOT NULL,
    "confirmed"         BOOLEAN NOT NULL,
    "config"            JSONB NOT NULL,
    "secret_ciphertext" TEXT,
    "disabled_reason"   TEXT,
    "created_at"        TIMESTAMPTZ(6) NOT NULL DEFAULT now(),
    "updated_at"        TIMESTAMPTZ(6) NOT NULL DEFAULT now()
);
CREATE INDEX "channel_tenant_id_created_at_id_idx" ON "channel" ("tenant_id", "created_at", "id");

-- Email double opt-in: only the SHA-256 of the emailed token is kept; single use, expiring.
CREATE TABLE "email_confirmation" (
    "token_hash" TEXT PRIMARY KEY,
    "channel_id" TEXT NOT NULL REFERENCES "channel" ("id") ON DELETE CASCADE,
    "expires_at" TIMESTAMPTZ(6) NOT NULL,
    "used_at"    TIMESTAMPTZ(6)
);

-- The durable retry schedule: one row per (channel, event); a poller claims due rows with SKIP LOCKED and a lease.
CREATE TABLE "delivery" (
    "id"              BIGSERIAL PRIMARY KEY,
    "channel_id"      TEXT NOT NULL REFERENCES "channel" ("id") ON DELETE CASCADE,
    "event_id"        TEXT NOT NULL,
    "body"            TEXT NOT NULL,
    "status"          TEXT NOT NULL DEFAULT 'pending',
    "attempts"        INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(6) NOT NULL,
    "lease_until"     TIMESTAMPTZ(6),
    "created_at"      TIMESTAMPTZ(6) NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX "delivery_channel_id_event_id_key" ON "delivery" ("channel_id", "event_id");
CREATE INDEX "delivery_due_idx" ON "delivery" ("next_attempt_at") WHERE "status" = 'pending';

-- The per-channel attempt log (GET /v1/channels/{id}/deliveries).
CREATE TABLE "delivery_attempt" (
    "id"               BIGSERIAL PRIMARY KEY,
    "delivery_id"      BIGINT NOT NULL REFERENCES "delivery" ("id") ON DELETE CASCADE,
    "channel_id"       TEXT NOT NULL,
    "event_id"         TEXT NOT NULL,
    "attempt"          INTEGER NOT NULL,
    "at"               TIMESTAMPTZ(6) NOT NULL,
    "outcome"          TEXT NOT NULL,
    "http_status"      INTEGER,
    "error_kind"       TEXT,
    "duration_ms"      INTEGER NOT NULL,
    "response_snippet" TEXT,
    "terminal"         BOOLEAN NOT NULL
);
CREATE INDEX "delivery_attempt_channel_id_id_idx" ON "delivery_attempt" ("channel_id", "id");
