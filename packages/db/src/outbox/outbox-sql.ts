import type { SharedDdl } from '../migrations/shared-ddl';

/**
 * Tables of the transactional outbox and of idempotent consumers, declared here only: a service that publishes or
 * consumes events passes `OUTBOX_DDL` to `runMigrations({ sharedDdl })`, which creates them in the service's schema
 * before its migrations. Idempotent, because databases migrated before this declaration moved here already have them
 * (created by each service's first migration); a change must be additive (`ADD COLUMN IF NOT EXISTS`...).
 *
 * outbox: one row per event, written in the transaction of the change it describes (`enqueue`). `id` orders
 *   publication; `value` NULL is a tombstone; `published_at` is set by the relay once the bus accepted the event,
 *   and published rows are deleted after the relay's retention. An insert trigger NOTIFYs `outbox_<schema>` on
 *   commit so relays wake at once; they also poll in case a notification is missed.
 *   `trace_parent` is the W3C traceparent active when the row was enqueued (NULL when tracing is off); the relay
 *   publishes the event in that trace, so a change and the events it caused read as one trace.
 * processed_events: (consumer, event_id) pairs a consumer has already applied (`processOnce`).
 */
export const OUTBOX_DDL: SharedDdl = {
  name: '@waymark/db outbox',
  sql: `
CREATE TABLE IF NOT EXISTS "outbox" (
    "id"           BIGSERIAL PRIMARY KEY,
    "event_id"     TEXT NOT NULL,
    "topic"        TEXT NOT NULL,
    "key"          TEXT NOT NULL,
    "value"        JSONB,
    "headers"      JSONB NOT NULL DEFAULT '{}',
    "created_at"   TIMESTAMPTZ NOT NULL DEFAULT now(),
    "published_at" TIMESTAMPTZ
);
ALTER TABLE "outbox" ADD COLUMN IF NOT EXISTS "trace_parent" TEXT;
CREATE INDEX IF NOT EXISTS "outbox_pending_idx" ON "outbox" ("id") WHERE "published_at" IS NULL;
CREATE INDEX IF NOT EXISTS "outbox_pending_key_idx" ON "outbox" ("topic", "key", "id") WHERE "published_at" IS NULL;
CREATE INDEX IF NOT EXISTS "outbox_published_idx" ON "outbox" ("published_at") WHERE "published_at" IS NOT NULL;

CREATE OR REPLACE FUNCTION "outbox_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('outbox_' || TG_TABLE_SCHEMA, '');
  RETURN NULL;
END;
$$;
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_trigger WHERE tgname = 'outbox_notify_on_insert' AND tgrelid = '"outbox"'::regclass) THEN
    CREATE TRIGGER "outbox_notify_on_insert" AFTER INSERT ON "outbox"
        FOR EACH STATEMENT EXECUTE FUNCTION "outbox_notify"();
  END IF;
END;
$$;

CREATE TABLE IF NOT EXISTS "processed_events" (
    "consumer"     TEXT NOT NULL,
    "event_id"     TEXT NOT NULL,
    "processed_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY ("consumer", "event_id")
);
`,
};

/** The LISTEN/NOTIFY channel the outbox trigger signals for a schema. */
export function outboxChannel(schema: string): string {
  return `outbox_${schema}`;
}
