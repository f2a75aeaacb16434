/**
 * Tables of the transactional outbox and of idempotent consumers. Every service that publishes events or consumes
 * them pastes `OUTBOX_MIGRATION_SQL` verbatim into its first migration (`prisma/migrations/<ts>_init/migration.sql`),
 * so that `prisma migrate deploy` and our runner create the same tables in the service's schema. Never edit it in
 * place once released: add a new migration instead (the checksum of an applied migration must not change).
 *
 * outbox: one row per event, written in the transaction of the change it describes (`enqueue`). `id` orders
 *   publication; `value` NULL is a tombstone; `published_at` is set by the relay once the bus accepted the event,
 *   and published rows are deleted after the relay's retention. An insert trigger NOTIFYs `outbox_<schema>` on
 *   commit so relays wake at once; they also poll in case a notification is missed.
 * processed_events: (consumer, event_id) pairs a consumer has already applied (`processOnce`).
 */
export const OUTBOX_MIGRATION_SQL = `-- waymark outbox (packages/db OUTBOX_MIGRATION_SQL, v1)
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
`;

/** The LISTEN/NOTIFY channel the outbox trigger signals for a schema. */
export function outboxChannel(schema: string): string {
  return `outbox_${schema}`;
}
