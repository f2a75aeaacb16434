-- Wake-ups for delivery workers on every instance: new deliveries and stopped (paused or deleted) channels are
-- signalled with NOTIFY, which PostgreSQL sends at commit. Workers also poll, so a missed signal only costs latency.
CREATE FUNCTION "delivery_work_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "inserted") THEN
    PERFORM pg_notify(TG_TABLE_SCHEMA || '_delivery_work', '');
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER "delivery_work_notify_on_insert" AFTER INSERT ON "delivery"
    REFERENCING NEW TABLE AS "inserted" FOR EACH STATEMENT EXECUTE FUNCTION "delivery_work_notify"();

CREATE FUNCTION "channel_stopped_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(TG_TABLE_SCHEMA || '_channel_stopped', OLD."id");
  RETURN NULL;
END;
$$;
CREATE TRIGGER "channel_stopped_notify_on_pause" AFTER UPDATE OF "enabled" ON "channel"
    FOR EACH ROW WHEN (OLD."enabled" AND NOT NEW."enabled") EXECUTE FUNCTION "channel_stopped_notify"();
CREATE TRIGGER "channel_stopped_notify_on_delete" AFTER DELETE ON "channel"
    FOR EACH ROW EXECUTE FUNCTION "channel_stopped_notify"();

-- Retention: finished deliveries are found by age, and deleting one cascades to its attempts by delivery_id.
CREATE INDEX "delivery_finished_created_at_idx" ON "delivery" ("created_at") WHERE "status" <> 'pending';
CREATE INDEX "delivery_attempt_delivery_id_idx" ON "delivery_attempt" ("delivery_id");
