-- CreateTable
CREATE TABLE "widget" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "widget_pkey" PRIMARY KEY ("id")
);

-- waymark outbox (packages/db OUTBOX_MIGRATION_SQL, v1)
CREATE TABLE "outbox" (
    "id"           BIGSERIAL PRIMARY KEY,
    "event_id"     TEXT NOT NULL,
    "topic"        TEXT NOT NULL,
    "key"          TEXT NOT NULL,
    "value"        JSONB,
    "headers"      JSONB NOT NULL DEFAULT '{}',
    "created_at"   TIMESTAMPTZ NOT NULL DEFAULT now(),
    "published_at" TIMESTAMPTZ
);
CREATE INDEX "outbox_pending_idx" ON "outbox" ("id") WHERE "published_at" IS NULL;
CREATE INDEX "outbox_pending_key_idx" ON "outbox" ("topic", "key", "id") WHERE "published_at" IS NULL;
CREATE INDEX "outbox_published_idx" ON "outbox" ("published_at") WHERE "published_at" IS NOT NULL;

CREATE FUNCTION "outbox_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('outbox_' || TG_TABLE_SCHEMA, '');
  RETURN NULL;
END;
$$;
CREATE TRIGGER "outbox_notify_on_insert" AFTER INSERT ON "outbox"
    FOR EACH STATEMENT EXECUTE FUNCTION "outbox_notify"();

CREATE TABLE "processed_events" (
    "consumer"     TEXT NOT NULL,
    "event_id"     TEXT NOT NULL,
    "processed_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY ("consumer", "event_id")
);
-- end waymark outbox
