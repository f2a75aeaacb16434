-- A channel deleted on channels.v1 is kept as removed, so naming it is refused from the table alone (no catch-up).
ALTER TABLE "channel" ADD COLUMN "removed_at" TIMESTAMPTZ(3);
